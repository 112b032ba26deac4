import { describe, expect, it } from 'vitest';
import { rendererDevServerUrl } from './app-origin';

describe('rendererDevServerUrl (ELECTRON_RENDERER_URL)', () => {
  it('is ignored by a packaged app: the window loads app://intake/ and trusts nothing else', () => {
    expect(rendererDevServerUrl('http://localhost:5173', true)).toBeUndefined();
    expect(rendererDevServerUrl('https://evil.example.com/', true)).toBeUndefined();
  });

  it('in development, names the local dev server', () => {
    expect(rendererDevServerUrl('http://localhost:5173', false)).toBe('http://localhost:5173');
    expect(rendererDevServerUrl('http://127.0.0.1:5173/', false)).toBe('http://127.0.0.1:5173/');
    expect(rendererDevServerUrl('http://[::1]:5173', false)).toBe('http://[::1]:5173');
    expect(rendererDevServerUrl(undefined, false)).toBeUndefined();
    expect(rendererDevServerUrl('', false)).toBeUndefined();
  });

  it('even in development, refuses a remote host, another scheme or no URL at all', () => {
    expect(rendererDevServerUrl('https://evil.example.com/', false)).toBeUndefined();
    expect(rendererDevServerUrl('http://localhost.evil.example.com:5173', false)).toBeUndefined();
    expect(rendererDevServerUrl('file:///tmp/index.html', false)).toBeUndefined();
    expect(rendererDevServerUrl('not a url', false)).toBeUndefined();
  });
});
