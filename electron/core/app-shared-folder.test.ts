import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderProfileSchema } from '../../shared/domain/settings';
import type { IntakeCore } from './app';
import { createIntakeCore } from './app';
import { MemorySecretStore } from './platform/test-support/connection-harness';
import { waitFor } from './queue/test-support/queue-fixture';
import { createDefaultSettings } from './settings/default-settings';
import { silentLogger } from './util/logger';
import { idleMs } from './util/test-support/box-pace';

// Issue #28: two clerks' stations (the web shell's core, each with its own settings and data folder) watch
// one shared folder with auto-submit off: every scan lands in exactly one of the two inboxes.
let dir: string | undefined;
const cores: IntakeCore[] = [];
afterEach(async () => {
  for (const c of cores.splice(0)) await c.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function station(root: string, name: string, scans: string): Promise<IntakeCore> {
  const settingsFile = join(root, `${name}.settings.json`);
  const settings = {
    ...createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' }),
    folders: [FolderProfileSchema.parse({ id: 'mfp', label: 'Scanner', path: scans, autoSubmit: false, shared: true })],
  };
  await writeFile(settingsFile, JSON.stringify(settings, null, 2));
  const core = await createIntakeCore({
    name: 'Intake Desk',
    version: 'test',
    shell: 'web',
    paths: { settingsFile, dataDir: join(root, `${name}-data`) },
    secretStore: new MemorySecretStore(),
    logger: silentLogger,
  });
  cores.push(core);
  return core;
}

describe('two desktop stations on one shared folder, auto-submit off', () => {
  it(
    'each document is in exactly one inbox, and its history names the station that took it',
    { timeout: idleMs(60_000) },
    async () => {
      dir = await mkdtemp(join(tmpdir(), 'intake-shared-desktop-'));
      const scans = join(dir, 'scans');
      await mkdir(scans);
      const a = await station(dir, 'a', scans);
      const b = await station(dir, 'b', scans);
      const names: string[] = [];
      for (let i = 0; i < 60; i++) {
        const name = `letter_${String(i).padStart(2, '0')}.pdf`;
        names.push(name);
        if (i % 2 === 0) {
          await writeFile(join(scans, `${name}.tmp`), `letter ${i}`);
          await rename(join(scans, `${name}.tmp`), join(scans, name));
        } else await writeFile(join(scans, name), `letter ${i}`);
      }
      const inbox = async (c: IntakeCore) => (await c.queue.list({ limit: 500, offset: 0 })).documents;
      await waitFor(async () => (await inbox(a)).length + (await inbox(b)).length >= 60, 'sixty documents', 30_000);
      await new Promise((r) => setTimeout(r, 1_500));
      const inA = (await inbox(a)).map((d) => d.fileName);
      const inB = (await inbox(b)).map((d) => d.fileName);
      expect([...inA, ...inB].sort()).toEqual(names);
      expect(inA.filter((n) => inB.includes(n))).toEqual([]);
      expect((await inbox(a)).every((d) => d.state === 'new')).toBe(true);
      expect((await readdir(scans)).sort()).toEqual(['.intake']);
      // The history says which station took it.
      for (const [core, docs] of [
        [a, await inbox(a)],
        [b, await inbox(b)],
      ] as const) {
        const doc = docs[0];
        if (!doc) continue;
        const steps = (await core.queue.history({ query: doc.fileName, limit: 10 })).map((h) => h.step);
        expect(steps).toContainEqual({
          code: 'arrivedAtStation',
          values: { station: expect.stringMatching(/^[a-z0-9-]+$/) as unknown },
        });
      }
    },
  );
});
