import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from '../../shared/ipc/validate';
import { fieldText } from './validation-messages';

describe('validator messages in the clerk’s words (issue #31 item 8)', () => {
  const schema = z.object({
    pages: z.number().int().min(0).max(20),
    name: z.string().min(1),
    url: z.url(),
    kind: z.enum(['a', 'b']),
    own: z.string().refine((s) => s === 'x', { message: 'settings.error.noActive' }),
  });
  const fields = fieldErrors(schema.safeParse({ pages: 25, name: '', url: 'nope', kind: 'c', own: 'y' }).error!);

  it('codes, not zod’s English, leave the validator', () => {
    expect(fields['pages']).toBe('validation.too_big.number?max=20');
    expect(Object.values(fields).join(' ')).not.toMatch(/Too big|Invalid|expected/);
  });

  it('each reads as a sentence in both languages; an own message stays a catalog key', () => {
    expect(fieldText('en', fields['pages']!)).toBe('At most 20.');
    expect(fieldText('de', fields['pages']!)).toBe('Höchstens 20.');
    expect(fieldText('de', fields['name']!)).toBe('Pflichtfeld.');
    expect(fieldText('en', fields['url']!)).toBe('Enter a full web address (https://…).');
    expect(fieldText('de', fields['kind']!)).toBe('Bitte einen der angebotenen Werte wählen.');
    expect(fieldText('en', fields['own']!)).not.toContain('settings.error');
    expect(fieldText('en', 'validation.unheard_of?x=1')).toBe('This value is not valid.');
  });
});
