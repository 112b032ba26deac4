import { useEffect, useState } from 'react';
import type { Settings } from '../../../shared/domain/settings';
import type { InvokeResponse } from '../../../shared/ipc/contract';
import { useLocale, useT } from '../../i18n/i18n';
import { intake } from '../../ipc/client';
import { SettingsField } from './settings-field';
import type { EditSettings } from './settings-model';

/** Tesseract's language codes (ISO 639-2) as the two-letter codes Intl knows, for the languages' names. */
const TWO_LETTER: Record<string, string> = {
  eng: 'en',
  deu: 'de',
  fra: 'fr',
  ita: 'it',
  spa: 'es',
  nld: 'nl',
  pol: 'pl',
};

function languageName(locale: string, code: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(TWO_LETTER[code] ?? code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/**
 * Text recognition (issue #17): the OCR languages read now and which to read (issue #46: German and English
 * come with the app, never downloaded), how many pages of a scan are read (a setting: each page costs seconds of a
 * core) and on how many threads.
 */
const MAX_OCR_PAGES = 20;
/** What `text.languages` may be set to here (issue #46); a folder's own is set in its settings file. */
const LANGUAGE_CHOICES = ['deu', 'deu+eng', 'eng'] as const;

function validPages(n: number | undefined): number | undefined {
  return n !== undefined && Number.isInteger(n) && n >= 0 && n <= MAX_OCR_PAGES ? n : undefined;
}

export function OcrSection(props: { draft: Settings; edit: EditSettings }) {
  const { draft, edit } = props;
  const t = useT();
  const locale = useLocale();
  const [info, setInfo] = useState<InvokeResponse<'ocr.info'>>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    intake()
      .call('ocr.info', {})
      .then((answer) => live && setInfo(answer))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="settings-section" aria-labelledby="ocr-title" data-testid="ocr-info">
      <h3 id="ocr-title">{t('settings.ocr')}</h3>
      {info ? (
        <>
          <dl className="file-info">
            <dt>{t('settings.ocr.languages')}</dt>
            <dd data-testid="ocr-languages">
              {info.languages.length
                ? info.languages.map((code) => languageName(locale, code)).join(', ')
                : t('settings.ocr.noLanguages')}
            </dd>
            <dt>{t('settings.ocr.threads')}</dt>
            <dd>{info.threads}</dd>
          </dl>
          <SettingsField path="text.ocrPages" label={t('settings.ocr.pages')} hint={t('settings.ocr.pagesHint')}>
            {(a) => (
              <input
                {...a}
                type="number"
                min={0}
                max={MAX_OCR_PAGES}
                data-testid="ocr-pages-input"
                value={draft.text?.ocrPages ?? info.maxOcrPages}
                onChange={(e) => edit((d) => ({ ...d, text: { ...d.text, ocrPages: Number(e.target.value) } }))}
              />
            )}
          </SettingsField>
          <p className="hint" data-testid="ocr-pages">
            {/* What is read: the typed number once it is one the setting takes, else what is in force (never
                "the first 25 pages" beside a refusal of 25; issue #31 item 8). */}
            {t('settings.ocr.pagesValue', { count: validPages(draft.text?.ocrPages) ?? info.maxOcrPages })}
          </p>
          <SettingsField
            path="text.languages"
            label={t('settings.ocr.languagesChoice')}
            hint={t('settings.ocr.languagesHint')}
          >
            {(a) => (
              <select
                {...a}
                data-testid="ocr-languages-input"
                value={draft.text?.languages ?? ''}
                onChange={(e) => {
                  const value = e.target.value;
                  edit((d) => {
                    const { languages: _old, ...rest } = d.text ?? {};
                    return { ...d, text: value ? { ...rest, languages: value } : rest };
                  });
                }}
              >
                <option value="">{t('settings.ocr.languagesDefault')}</option>
                {LANGUAGE_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice
                      .split('+')
                      .map((code) => languageName(locale, code))
                      .join(', ')}
                  </option>
                ))}
              </select>
            )}
          </SettingsField>
          <p className="hint">{t('settings.ocr.hint')}</p>
        </>
      ) : (
        <p className="muted">{failed ? t('settings.ocr.unavailable') : t('app.loading')}</p>
      )}
    </section>
  );
}
