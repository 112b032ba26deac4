import { describe, expect, it } from 'vitest';
import { scanKeyOf } from './scan-key';

describe('scanKeyOf', () => {
  const sha = 'ab'.repeat(32);
  it('is a UUID (version 8, RFC 9562 variant), the same for the same scan', () => {
    const key = scanKeyOf('0f6c1a52-2f36-4e8a-9d61-1e1b1c1d1e1f', 'sub/letter.pdf', sha);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(scanKeyOf('0f6c1a52-2f36-4e8a-9d61-1e1b1c1d1e1f', 'sub/letter.pdf', sha.toUpperCase())).toBe(key);
  });

  it('differs when the folder, the name or the content differs, however the parts are cut', () => {
    const keys = new Set([
      scanKeyOf('f', 'a.pdf', sha),
      scanKeyOf('g', 'a.pdf', sha),
      scanKeyOf('f', 'b.pdf', sha),
      scanKeyOf('f', 'a.pdf', 'cd'.repeat(32)),
      scanKeyOf('fa', '.pdf', sha),
      scanKeyOf('f', 'a.pdf' + sha, ''),
    ]);
    expect(keys.size).toBe(6);
  });

  it('one spelling of a name: NFC', () => {
    expect(scanKeyOf('f', 'Bescheid-Gru\u0308n.pdf', sha)).toBe(scanKeyOf('f', 'Bescheid-Grün.pdf', sha));
  });
});
