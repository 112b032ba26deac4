import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, isAppUrl, resolveAppAsset } from './app-url';

const root = resolve('/opt/intake/resources/app.asar/out/renderer');

describe('resolveAppAsset', () => {
  it('serves the entry page and assets with their content types', () => {
    expect(resolveAppAsset(APP_ENTRY_URL, root)).toEqual({
      path: join(root, 'index.html'),
      contentType: 'text/html; charset=utf-8',
    });
    expect(resolveAppAsset('app://intake/', root)?.path).toBe(join(root, 'index.html'));
    expect(resolveAppAsset('app://intake/assets/index-abc.js?v=1#x', root)).toEqual({
      path: join(root, 'assets', 'index-abc.js'),
      contentType: 'text/javascript; charset=utf-8',
    });
    expect(resolveAppAsset('app://intake/assets/pdf%20worker.mjs', root)?.path).toBe(
      join(root, 'assets', 'pdf worker.mjs'),
    );
  });

  it('never leaves the renderer folder', () => {
    // The URL parser already removes dot segments (also %2e%2e): these stay inside the folder.
    expect(resolveAppAsset('app://intake/../main/index.js', root)?.path).toBe(join(root, 'main', 'index.js'));
    expect(resolveAppAsset('app://intake/%2e%2e/main/index.js', root)?.path).toBe(join(root, 'main', 'index.js'));
    // An encoded slash turns into a real "../" only after decoding: refused.
    for (const url of [
      'app://intake/assets/%2e%2e%2f%2e%2e%2fmain%2findex.js',
      'app://intake/..%5c..%5cmain%5cindex.js',
      'app://intake/%00index.html',
      'app://intake/%E0%A4%A',
    ]) {
      expect(resolveAppAsset(url, root), url).toBeUndefined();
    }
  });

  it('answers only for the app host', () => {
    expect(resolveAppAsset('app://evil/index.html', root)).toBeUndefined();
    expect(resolveAppAsset('file:///opt/intake/resources/app.asar/out/renderer/index.html', root)).toBeUndefined();
    expect(resolveAppAsset('https://intake/index.html', root)).toBeUndefined();
  });
});

describe('isAppUrl', () => {
  it('accepts app pages only', () => {
    expect(isAppUrl('app://intake/index.html#/inbox')).toBe(true);
    expect(isAppUrl('app://intake:8080/index.html')).toBe(false);
    expect(isAppUrl('app://user@intake/index.html')).toBe(false);
    expect(isAppUrl('https://example.com/')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });
});
