import { describe, expect, it } from 'vitest';
import { buildFormModel } from '../../shared/forms/build-form-model';
import type { EnumNode, ObjectNode } from '../../shared/forms/form-model';
import { SchemaType as T } from '../../shared/platform/schema-description';
import { CASE_CREATE_INPUT } from '../../sandbox/seed/case-schemas';
import { localizeFormModel } from './schema-wording';

const child = (root: unknown, name: string) => (root as ObjectNode).properties.find((p) => p.name === name)!;

describe('the platform schema in the clerk’s language (issue #36 item 7)', () => {
  it('every title and string option of the sandbox’s create-case schema has our wording, en and de', () => {
    for (const locale of ['en', 'de'] as const) {
      const model = localizeFormModel(buildFormModel(CASE_CREATE_INPUT), 'case-create', locale);
      const unmarked = JSON.stringify(model);
      expect(unmarked).not.toContain('platformWording');
      const caseType = child(model.root, 'caseType') as EnumNode;
      expect(caseType.options.map((o) => o.label)).toEqual(
        locale === 'de' ? ['Sachschaden', 'Kfz-Schaden', 'Haftpflichtschaden'] : ['Property', 'Motor', 'Liability'],
      );
      expect(caseType.label).toBe(locale === 'de' ? 'Schadenart' : 'Type of loss');
      expect((child(model.root, 'damageCause') as EnumNode).options[1]?.label).toBe(
        locale === 'de' ? 'Sturm' : 'Storm',
      );
      // Values are the platform's, untouched.
      expect(caseType.options.map((o) => o.value)).toEqual(['Property', 'Motor', 'Liability']);
    }
  });

  it('what neither our catalog nor the known platform words have is kept as sent and marked', () => {
    const model = localizeFormModel(
      buildFormModel({
        type: T.Object,
        properties: {
          caseType: { type: T.String, title: 'Schadenart', enum: ['Property', 'Boot'] },
          cover: { type: T.String, title: 'Deckungsart', description: 'Laut Vertrag', enum: ['Sturm', 'Vollkasko'] },
          level: { type: T.Integer, title: 'Stufe', enum: [1, 2] },
        },
      }),
      'case-create',
      'en',
    );
    const caseType = child(model.root, 'caseType') as EnumNode;
    expect(caseType).toMatchObject({ label: 'Type of loss' });
    expect(caseType.platformWording).toBeUndefined();
    expect(caseType.options).toEqual([
      { value: 'Property', label: 'Property' },
      { value: 'Boot', label: 'Boot', platformWording: true },
    ]);
    const cover = child(model.root, 'cover') as EnumNode;
    expect(cover).toMatchObject({ label: 'Deckungsart', platformWording: true, platformDescription: true });
    expect(cover.options).toEqual([
      { value: 'Sturm', label: 'Storm' },
      { value: 'Vollkasko', label: 'Vollkasko', platformWording: true },
    ]);
    // Numbers read the same in every language.
    expect((child(model.root, 'level') as EnumNode).options.some((o) => o.platformWording)).toBe(false);
    // Another schema key: nothing of the catalog applies.
    const other = localizeFormModel(buildFormModel(CASE_CREATE_INPUT), 'first-notice-of-loss', 'de');
    expect(child(other.root, 'caseType')).toMatchObject({ label: 'Schadenart', platformWording: true });
  });
});
