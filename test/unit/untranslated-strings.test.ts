import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { activityMessages } from '../../renderer/features/activity/activity-messages';
import { activityScreenMessages } from '../../renderer/features/activity/activity-screen-messages';
import { caseMessages } from '../../renderer/features/cases/case-messages';
import { partnerScreenMessages } from '../../renderer/features/partners/partner-screen-messages';
import { schemaFormMessages } from '../../renderer/forms/schema-form-messages';
import { de } from '../../renderer/i18n/messages-de';
import { en } from '../../renderer/i18n/messages-en';
import { errorMessages } from '../../renderer/i18n/error-messages';
import { captureSettingsMessages } from '../../renderer/features/settings/capture-settings-messages';
import { pageToolsMessages } from '../../renderer/features/pages/page-tools-messages';

// Issue 21 item 8: a text the clerk reads comes from a catalog, in both languages, with real plurals. This
// test fails on an English remnant in the German catalog, on `file(s)`/`Datei(en)`, and on text written
// straight into a component.

const ROOT = resolve(import.meta.dirname, '../..');
const CATALOGS = {
  shell: { en, de },
  case: caseMessages,
  activity: activityMessages,
  activityScreen: activityScreenMessages,
  partner: partnerScreenMessages,
  schemaForm: schemaFormMessages,
  errors: errorMessages,
  captureSettings: captureSettingsMessages,
  pageTools: pageToolsMessages,
} as Record<string, { en: Record<string, string>; de: Record<string, string> }>;

/** The same in both languages on purpose: names, numbers and words German borrowed as they are. */
const SAME_IN_BOTH = new Set([
  'app.title',
  'status.version',
  'status.network.online',
  'status.network.offline',
  'env.kind.sandbox',
  'toast.count',
  'claims.fileName',
  'settings.env.name',
  'settings.env.scopes',
  'settings.docType.code',
  'change.reserve',
  'change.reserve.set',
  'change.field',
  'change.field.set',
  'partner.name',
  'partner.fax',
  'form.item',
  'lookup.status.active',
  'error.details',
  // "in 12 s": German writes the SI unit the same (as in "wird in 12 s gesendet").
  'time.inSeconds',
]);

describe('message catalogs', () => {
  for (const [name, c] of Object.entries(CATALOGS)) {
    it(`${name}: German has every key, and no English left in it`, () => {
      expect(Object.keys(c.de).sort()).toEqual(Object.keys(c.en).sort());
      const untranslated = Object.keys(c.en).filter(
        (k) => /\p{L}/u.test(c.en[k] ?? '') && c.de[k] === c.en[k] && !SAME_IN_BOTH.has(k),
      );
      expect(untranslated).toEqual([]);
      expect(Object.entries(c.de).filter(([, v]) => v.trim() === '')).toEqual([]);
    });

    it(`${name}: plurals by Intl.PluralRules, never "file(s)" or "Datei(en)"`, () => {
      const hacks = [...Object.entries(c.en), ...Object.entries(c.de)].filter(([, v]) =>
        /\p{L}\((?:s|es|e|n|en|er|nen)\)/u.test(v),
      );
      expect(hacks).toEqual([]);
    });
  }
});

/** Words no catalog needs: format and key names, and each language's own name. */
const NOT_WORDS = new Set(['PEM', 'JWK', 'English', 'Deutsch', 'Ctrl+Enter', 'Alt+S']);

/** JSX attributes whose text the clerk sees or hears. */
const SPOKEN_ATTRIBUTES = new Set(['placeholder', 'title', 'aria-label', 'alt', 'label', 'aria-description']);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(path);
    return e.name.endsWith('.tsx') && !e.name.endsWith('.test.tsx') ? [path] : [];
  });
}

/** Text written straight into the components' JSX, as "file:line text". */
function literalTexts(): string[] {
  const found: string[] = [];
  for (const file of tsxFiles(join(ROOT, 'renderer'))) {
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const where = (node: ts.Node) =>
      `${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isJsxText(node) && /\p{L}{2,}/u.test(node.text) && !NOT_WORDS.has(node.text.trim())) {
        found.push(`${where(node)} ${node.text.trim()}`);
      }
      if (
        ts.isJsxAttribute(node) &&
        SPOKEN_ATTRIBUTES.has(node.name.getText(source)) &&
        node.initializer &&
        ts.isStringLiteral(node.initializer) &&
        /\p{L}{2,}/u.test(node.initializer.text)
      ) {
        found.push(`${where(node)} ${node.name.getText(source)}="${node.initializer.text}"`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('components', () => {
  it('write no text of their own: every word comes from a catalog', () => {
    expect(literalTexts()).toEqual([]);
  });
});
