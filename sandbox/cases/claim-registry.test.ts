import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClaimRegistry } from './claim-registry';

const dirs: string[] = [];
async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sandbox-claims-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

const file = (name: string) => ({
  name,
  type: 'application/pdf',
  description: null,
  isNew: true,
  isSigned: false,
  isImage: false,
  signUrl: null,
  creationDate: '2026-11-23T00:00:00.000Z',
});
const stored = async (dir: string) =>
  (
    JSON.parse(await readFile(join(dir, 'claims.json'), 'utf8')) as {
      claims: { claimId: string; files: { name: string }[] }[];
    }
  ).claims;

describe('claim registry persistence', () => {
  it('writes a burst of changes once, within 200 ms, and a restart sees them', async () => {
    const dir = await freshDir();
    const registry = new ClaimRegistry(dir, Date.now);
    const claim = registry.byId('1001')!;
    for (let i = 0; i < 50; i++) registry.addFile(claim, file(`burst-${i}.pdf`));
    // Not yet on disk in the same tick (read synchronously, so the tick does not end), nor the next …
    expect(readFileSync(join(dir, 'claims.json'), 'utf8')).not.toContain('burst-0.pdf');
    await new Promise((r) => setImmediate(r));
    expect(readFileSync(join(dir, 'claims.json'), 'utf8')).not.toContain('burst-0.pdf');
    await new Promise((r) => setTimeout(r, 250));
    // … but after it, all of them.
    const names = (await stored(dir)).find((c) => c.claimId === '1001')!.files.map((f) => f.name);
    expect(names.filter((n) => n.startsWith('burst-'))).toHaveLength(50);
    expect(new ClaimRegistry(dir, Date.now).byId('1001')!.files.map((f) => f.name)).toContain('burst-49.pdf');
  });

  it('flush writes pending changes at once (the server calls it on close)', async () => {
    const dir = await freshDir();
    const registry = new ClaimRegistry(dir, Date.now);
    registry.addFile(registry.byId('1001')!, file('flushed.pdf'));
    registry.flush();
    const names = (await stored(dir)).find((c) => c.claimId === '1001')!.files.map((f) => f.name);
    expect(names).toContain('flushed.pdf');
  });
});
