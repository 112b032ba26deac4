import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../../renderer/i18n/error-messages';
import { de as appDe } from '../../renderer/i18n/messages-de';
import { en as appEn } from '../../renderer/i18n/messages-en';
import { NOTICE_CODES } from '../../shared/domain/notice';

// Issue 21 item 4: every error code the app can show has a plain sentence in English and German (what
// happened, what happens next); the technical text stays behind "Details". This test reads the codes out
// of the sources, so a new code without a sentence fails here.

const ROOT = resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'test-support' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Files that hand codes to helpers (`rejected('inbox.rejected', …)`, a status → code table). */
const CODE_TABLES = [
  'electron/core/http/classify-http-error.ts',
  'electron/core/http/network-error.ts',
  'electron/core/auth/token-errors.ts',
  'electron/core/platform/platform-client.ts',
  'electron/core/platform/platform-transport.ts',
];
const CODE =
  /^(app|auth|case|cases|content|document|file|folder|import|inbox|ipc|local|network|platform|queue|request|secrets|settings|upload)\.[a-z_]+$/;
/** Strings in those files that look like codes but are not errors. */
const NOT_CODES = new Set(['queue.changed', 'queue.sqlite', 'upload.progress', 'settings.json']);

function errorCodes(): string[] {
  const codes = new Set<string>();
  const dirs = ['electron', 'renderer'].map((d) => join(ROOT, d));
  for (const file of dirs.flatMap(sources)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/new IntakeError\(\s*'[a-z_]+',\s*'([a-z_.]+)'/g)) codes.add(m[1]!);
    // A notice's code (shared/domain/notice.ts) has a notice sentence, checked below, not an error one.
    for (const m of text.matchAll(/\bcode: '([a-z_]+\.[a-z_.]+)'/g)) if (!isNoticeCode(m[1]!)) codes.add(m[1]!);
  }
  for (const file of CODE_TABLES) {
    for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(/'([a-z_]+\.[a-z_]+)'/g)) {
      if (CODE.test(m[1]!) && !NOT_CODES.has(m[1]!)) codes.add(m[1]!);
    }
  }
  return [...codes].sort();
}

function isNoticeCode(code: string): boolean {
  return (NOTICE_CODES as readonly string[]).includes(code);
}

function inboxErrorTypes(): string[] {
  const text = readFileSync(join(ROOT, 'sandbox/inbox/inbox-endpoint.ts'), 'utf8');
  const union = /export type InboxErrorType =([^;]+);/.exec(text)?.[1] ?? '';
  return [...union.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
}

describe('error messages', () => {
  const en = errorMessages.en as Record<string, string>;
  const de = errorMessages.de as Record<string, string>;

  it('the sources still yield the codes (the scan itself works)', () => {
    const codes = errorCodes();
    expect(codes.length).toBeGreaterThan(40);
    expect(codes).toEqual(
      expect.arrayContaining(['auth.invalid_client', 'network.connection_lost', 'import.too_large']),
    );
    expect(inboxErrorTypes()).toContain('case_not_found');
  });

  it('every error code has a plain sentence in English and German', () => {
    const missing = errorCodes().filter((c) => !en[`error.${c}`] || !de[`error.${c}`]);
    expect(missing).toEqual([]);
  });

  it('every notice code has a plain sentence in English and German', () => {
    const app = { en: appEn as Record<string, string>, de: appDe as Record<string, string> };
    const missing = NOTICE_CODES.filter((c) => !app.en[`notice.${c}`] || !app.de[`notice.${c}`]);
    expect(missing).toEqual([]);
  });

  it("every error type of the platform's inbox has one too", () => {
    const missing = inboxErrorTypes().filter((t) => !en[`platformError.${t}`] || !de[`platformError.${t}`]);
    expect(missing).toEqual([]);
  });

  it('the sentences are plain: no HTTP, no header names, no socket codes, no code names', () => {
    const technical = /HTTP|Idempotency|EPIPE|ECONN|UND_ERR|\b\d{3}\b|[a-z]+_[a-z]+|\b[a-z]+\.[a-z_]+\b/;
    const plainless = Object.entries({ ...en }).flatMap(([k, v]) => [
      ...(technical.test(v) ? [`en ${k}: ${v}`] : []),
      ...(technical.test(de[k] ?? '') ? [`de ${k}: ${de[k]}`] : []),
    ]);
    expect(plainless).toEqual([]);
  });
});
