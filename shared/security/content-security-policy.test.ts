import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, DEV_SERVER_CONTENT_SECURITY_POLICY } from './content-security-policy';

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('Content-Security-Policy', () => {
  it("allows no inline style or script: style-src is 'self' only (styles come from our CSS files, or CSSOM)", () => {
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(directive(CONTENT_SECURITY_POLICY, 'style-src')).toBe("style-src 'self'");
    expect(directive(CONTENT_SECURITY_POLICY, 'script-src')).toBe("script-src 'self'");
  });

  it("the dev server's policy differs only by inline styles (Vite injects CSS as <style> in development)", () => {
    expect(DEV_SERVER_CONTENT_SECURITY_POLICY.replace(" 'unsafe-inline'", '')).toBe(CONTENT_SECURITY_POLICY);
    expect(directive(DEV_SERVER_CONTENT_SECURITY_POLICY, 'script-src')).toBe("script-src 'self'");
  });
});
