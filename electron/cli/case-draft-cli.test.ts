import { writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { truncated } from '../core/capture/test-support/odd-files';
import { noticeLetter, noticeScan } from '../core/notice-of-loss/test-support/notice-letters';
import { localIsoDate } from '../core/suggestions/document-suggestions';
import { letterPdf } from '../core/suggestions/test-support/letters';
import { tempDir } from '../core/util/test-support/temp-dir';
import { CAPTURE_EXIT_CODES } from './capture-cli';
import { runAgent } from './test-support/run-agent';
import { idleMs } from '../core/util/test-support/box-pace';

// Issue #47: `intake-agent case-draft FILE... --sandbox`, run as its own process as an admin would. The
// letter is a generated notice of loss (a typed German letter, seed 7) for a policy the sandbox holds.
/** A local port nothing listens on (one just let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
  const { port } = server.address() as AddressInfo;
  await new Promise((res) => server.close(res));
  return port;
}

const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('intake-agent case-draft', () => {
  it(
    'prints one JSON line per file: the schema’s paths, each value filled or offered, from the letter or the policy',
    { timeout: idleMs(360_000) },
    async () => {
      const dir = tempDir('case-draft-cli-');
      const letter = noticeLetter(7, localIsoDate(Date.now()));
      const png = join(dir, 'schadenmeldung.png');
      await writeFile(png, await noticeScan(letter, 200));
      const r = await runAgent(['case-draft', png, '--sandbox'], { timeoutMs: 240_000 });
      expect(r.code).toBe(CAPTURE_EXIT_CODES.done);
      const out = lines(r.stdout);
      expect(out).toHaveLength(1);
      expect(out[0]).toMatchObject({ file: png, asOf: localIsoDate(Date.now()), problems: [] });
      const fields = out[0]!.fields as Array<Record<string, unknown>>;
      // Read on page 1 of the letter and confirmed by the platform: filled, from the letter.
      expect(fields).toContainEqual({
        path: 'policyNumber',
        value: letter.truth.policyNumber,
        state: 'filled',
        source: 'letter',
        page: 1,
      });
      // The holder's name is the platform's answer about that policy: no page. Filled only when OCR read
      // the signature as that name (#47: the claimant is the signer), else offered.
      const holder = fields.find((f) => f.path === 'claimant.lastName');
      expect(holder).toMatchObject({ value: letter.truth.lastName, source: 'policy' });
      expect(holder).not.toHaveProperty('page');
      expect(fields).toContainEqual(
        expect.objectContaining({ path: 'accidentDate', value: letter.truth.lossDate, source: 'letter', page: 1 }),
      );
      for (const f of fields) {
        expect(['filled', 'offered']).toContain(f.state);
        expect([
          'policyNumber',
          'accidentDate',
          'caseType',
          'damageCause',
          'estimatedAmount',
          'description',
          'claimant.firstName',
          'claimant.lastName',
          'damageAddress.street',
          'damageAddress.postalCode',
          'damageAddress.city',
        ]).toContain(f.path);
      }
    },
  );

  it(
    'a file that is no readable document is one error line and exit 1; no platform exit 3; no FILE is usage, exit 2',
    { timeout: idleMs(420_000) },
    async () => {
      const dir = tempDir('case-draft-cli-');
      const broken = join(dir, 'cut.pdf');
      await writeFile(broken, truncated(await letterPdf({ lines: ['Schadenmeldung'] })).subarray(0, 40));
      const bad = await runAgent(['case-draft', broken, '--sandbox'], { timeoutMs: 240_000 });
      expect(bad.code).toBe(CAPTURE_EXIT_CODES.notPages);
      const out = lines(bad.stdout);
      expect(out).toHaveLength(1);
      expect(out[0]).toMatchObject({ file: broken, error: 'unreadable', message: expect.any(String) });
      expect(bad.stderr).not.toMatch(/at .*\.ts:\d+/); // no stack trace

      // No platform to be had (a port nothing listens on): no schema, no draft for any file, exit 3.
      const port = await closedPort();
      const url = `http://127.0.0.1:${port}`;
      const down = await runAgent(['case-draft', broken, '--base-url', url, '--token-url', url, '--client-id', 'x'], {
        env: { ...process.env, INTAKE_CLIENT_SECRET: 'secret' },
        timeoutMs: 120_000,
      });
      expect(down.code).toBe(CAPTURE_EXIT_CODES.failed);
      expect(lines(down.stdout)).toEqual([
        { error: 'failed', message: expect.stringContaining('the create-case schema "case-create" could not be had') },
      ]);

      const none = await runAgent(['case-draft', '--sandbox'], { timeoutMs: 120_000 });
      expect(none.code).toBe(CAPTURE_EXIT_CODES.usage);
      expect(none.stderr).toContain('case-draft needs at least one FILE');
      expect(none.stdout).toBe('');
    },
  );

  it('--as-of must be a calendar day and --ocr-languages a shipped model: else usage, exit 2, before any reading', async () => {
    const dir = tempDir('case-draft-cli-');
    const file = join(dir, 'letter.pdf');
    await writeFile(file, await letterPdf({ lines: ['Schadenmeldung'] }));
    const day = await runAgent(['case-draft', file, '--sandbox', '--as-of', '2026-02-30'], { timeoutMs: 120_000 });
    expect(day.code).toBe(CAPTURE_EXIT_CODES.usage);
    expect(day.stderr).toContain('--as-of: 2026-02-30 is not a calendar date YYYY-MM-DD');
    expect(day.stdout).toBe('');
    const lang = await runAgent(['case-draft', file, '--sandbox', '--ocr-languages', 'fra'], { timeoutMs: 120_000 });
    expect(lang.code).toBe(CAPTURE_EXIT_CODES.usage);
    expect(lang.stderr).toContain('--ocr-languages: fra is not deu, eng or deu+eng');
  });
});
