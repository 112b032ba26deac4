import { describe, expect, it } from 'vitest';
import type { Notice, NoticeCode, NoticeValues } from '../../shared/domain/notice';
import { addToast, MAX_TOASTS } from './notices-slice';
import { NAV_ITEMS } from './navigation';
import { resolveShortcut } from './shortcuts';
import type { KeyInput } from './shortcuts';

const key = (k: string, mods: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  inTextField: false,
  ...mods,
});

describe('shortcuts', () => {
  it('Alt/Ctrl + digit switches screens in navigation order', () => {
    expect(resolveShortcut(key('1', { altKey: true }))).toEqual({ kind: 'screen', screen: 'inbox' });
    expect(resolveShortcut(key('5', { ctrlKey: true }))).toEqual({ kind: 'screen', screen: 'settings' });
    expect(resolveShortcut(key(String(NAV_ITEMS.length + 1), { altKey: true }))).toBeUndefined();
  });
  it('J/K navigate only outside text fields; Alt+arrows and Ctrl+Enter work everywhere', () => {
    expect(resolveShortcut(key('j'))).toEqual({ kind: 'next' });
    expect(resolveShortcut(key('k'))).toEqual({ kind: 'previous' });
    expect(resolveShortcut(key('j', { inTextField: true }))).toBeUndefined();
    expect(resolveShortcut(key('?', { inTextField: true }))).toBeUndefined();
    expect(resolveShortcut(key('ArrowDown', { altKey: true, inTextField: true }))).toEqual({ kind: 'next' });
    expect(resolveShortcut(key('Enter', { ctrlKey: true, inTextField: true }))).toEqual({ kind: 'submit' });
    expect(resolveShortcut(key('Enter'))).toBeUndefined();
    expect(resolveShortcut(key('?'))).toEqual({ kind: 'help' });
  });
  it('Ctrl+F finds in the document shown, also from a text field; Ctrl+Shift+F and Alt+F are not it', () => {
    expect(resolveShortcut(key('f', { ctrlKey: true, inTextField: true }))).toEqual({ kind: 'find-on-page' });
    expect(resolveShortcut(key('F', { metaKey: true }))).toEqual({ kind: 'find-on-page' });
    expect(resolveShortcut(key('F', { ctrlKey: true, shiftKey: true }))).toBeUndefined();
    expect(resolveShortcut(key('f', { altKey: true }))).toBeUndefined();
    expect(resolveShortcut(key('f'))).toBeUndefined();
  });
  it('Ctrl+Shift+S scans, also from a text field; Alt+S stays "use the suggestions", Ctrl+S is nothing', () => {
    expect(resolveShortcut(key('S', { ctrlKey: true, shiftKey: true, inTextField: true }))).toEqual({ kind: 'scan' });
    expect(resolveShortcut(key('s', { metaKey: true, shiftKey: true }))).toEqual({ kind: 'scan' });
    expect(resolveShortcut(key('s', { altKey: true }))).toEqual({ kind: 'accept-all' });
    expect(resolveShortcut(key('s', { ctrlKey: true }))).toBeUndefined();
    expect(resolveShortcut(key('S', { shiftKey: true }))).toBeUndefined();
  });
});

describe('toasts', () => {
  const notice = (code: NoticeCode, values: NoticeValues, documentId?: string): Notice => ({
    id: `${code} ${JSON.stringify(values)}`,
    level: 'error',
    code,
    values,
    ...(documentId ? { documentId } : {}),
    count: 1,
    at: '2026-03-01T10:00:00Z',
  });
  const full = { reason: 'ENOSPC' };
  it('groups the same failure into one toast with a count and the documents concerned', () => {
    let toasts = addToast([], notice('storage.full', full, 'd1'));
    toasts = addToast(toasts, notice('storage.full', { reason: 'EDQUOT' }));
    toasts = addToast(toasts, notice('storage.full', full, 'd2'));
    expect(toasts).toHaveLength(2);
    expect(toasts[0]).toMatchObject({ code: 'storage.full', values: full, count: 2, documentIds: ['d1', 'd2'] });
  });
  it('one scanned batch is one notice: split replaces the received of the same file (issue #31 item 4)', () => {
    const info = (code: NoticeCode, file: string) => ({ ...notice(code, { file }), level: 'info' as const });
    let toasts = addToast([], info('capture.received', 'a.pdf'));
    toasts = addToast(toasts, info('capture.received', 'b.pdf'));
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ count: 2, details: ['a.pdf', 'b.pdf'] });
    toasts = addToast(toasts, info('capture.split', 'a.pdf'));
    expect(toasts.map((t) => [t.code, t.values['file'], t.count])).toEqual([
      ['capture.split', 'a.pdf', 1],
      ['capture.received', 'b.pdf', 1],
    ]);
    toasts = addToast(toasts, info('capture.split', 'b.pdf'));
    expect(toasts.map((t) => [t.code, t.values['file'], t.count])).toEqual([['capture.split', 'b.pdf', 2]]);
  });
  it('over the bound, informational toasts go before warnings and errors', () => {
    let toasts = addToast([], notice('storage.full', full));
    const infos = ['capture.received', 'capture.split', 'folder.back', 'storage.ok', 'capture.kept'] as const;
    for (const code of infos) toasts = addToast(toasts, { ...notice(code, { file: 'x' }), level: 'info' });
    expect(toasts).toHaveLength(MAX_TOASTS);
    expect(toasts.map((t) => t.code)).toContain('storage.full');
  });
  it('keeps at most a few toasts, newest first', () => {
    let toasts = addToast([], notice('file.unreadable', { file: 'm0.pdf' }));
    for (let i = 1; i < 10; i++) toasts = addToast(toasts, notice('file.unreadable', { file: `m${i}.pdf` }));
    expect(toasts).toHaveLength(MAX_TOASTS);
    expect(toasts[0]?.values).toEqual({ file: 'm9.pdf' });
  });
});
