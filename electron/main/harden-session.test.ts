import type { Session } from 'electron';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  DEV_SERVER_CONTENT_SECURITY_POLICY,
} from '../../shared/security/content-security-policy';
import { hardenSession } from './harden-session';

type HeadersHook = (
  d: { url?: string; responseHeaders?: Record<string, string[]> },
  cb: (r: { responseHeaders: Record<string, string[]> }) => void,
) => void;

function policyFor(url: string): string[] | undefined {
  let hook: HeadersHook | undefined;
  const session = {
    setPermissionRequestHandler: () => undefined,
    setPermissionCheckHandler: () => undefined,
    setDevicePermissionHandler: () => undefined,
    webRequest: { onBeforeRequest: () => undefined, onHeadersReceived: (f: HeadersHook) => (hook = f) },
  } as unknown as Session;
  hardenSession(session, () => true);
  let out: Record<string, string[]> | undefined;
  hook?.({ url, responseHeaders: {} }, (r) => (out = r.responseHeaders));
  return out?.['Content-Security-Policy'];
}

describe('hardenSession CSP', () => {
  it("the app's pages get the strict policy (no inline styles); only the dev server's pages allow Vite's <style>", () => {
    expect(policyFor('app://intake/index.html')).toEqual([CONTENT_SECURITY_POLICY]);
    expect(policyFor('app://intake/api/documents/x/content')).toEqual([CONTENT_SECURITY_POLICY]);
    expect(policyFor('http://localhost:5173/')).toEqual([DEV_SERVER_CONTENT_SECURITY_POLICY]);
  });
});
