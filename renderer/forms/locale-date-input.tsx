import { useState } from 'react';
import type { InputHTMLAttributes } from 'react';
import { useLocale } from '../i18n/i18n';
import { datePattern, formatLocaleDate, parseLocaleDate } from './locale-input';

/**
 * A date field in the app's language (German 15.01.2026), holding an ISO date. Not <input type=date>,
 * which Chromium writes in the browser's language ("mm/dd/yyyy" in a German app). A date that does not
 * exist is kept as typed and marked invalid; the value changes only to a real date or to ''.
 */
export function LocaleDateInput(
  props: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
    value: string;
    onChange(iso: string): void;
  },
) {
  const { value, onChange, ...rest } = props;
  const locale = useLocale();
  const [draft, setDraft] = useState<string>();
  const parsed = draft === undefined ? undefined : parseLocaleDate(draft, locale);
  return (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      placeholder={datePattern(locale)}
      aria-invalid={parsed === 'invalid' ? true : rest['aria-invalid']}
      value={draft ?? formatLocaleDate(value, locale)}
      onChange={(e) => {
        const next = parseLocaleDate(e.target.value, locale);
        setDraft(e.target.value);
        if (next !== 'invalid') onChange(next ?? '');
      }}
      onBlur={() => {
        if (parsed !== 'invalid') setDraft(undefined);
      }}
    />
  );
}
