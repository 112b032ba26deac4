import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createIntakeCore } from './app';
import type { IntakeCoreOptions } from './app';
import { MemorySecretStore } from './platform/test-support/connection-harness';
import { DataFolderInUseError, lockDataFolder } from './util/data-folder-lock';

// The desktop app and the web shell build the core through createIntakeCore: it takes the same data-folder
// lock as the agent (process-level tests: util/data-folder-lock.test.ts, cli/agent-data-lock.test.ts).
let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

function options(root: string): IntakeCoreOptions {
  return {
    name: 'Intake Desk',
    version: 'test',
    shell: 'web',
    paths: { settingsFile: join(root, 'settings.json'), dataDir: join(root, 'data') },
    secretStore: new MemorySecretStore(),
    watchFolders: false,
  };
}

describe('createIntakeCore and the data-folder lock', () => {
  it('refuses a data folder another process owns, before touching its queue', async () => {
    dir = await mkdtemp(join(tmpdir(), 'intake-core-lock-'));
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(dir, 'data'));
    const agent = lockDataFolder(join(dir, 'data'), 'intake-agent');
    try {
      const error = await createIntakeCore(options(dir)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DataFolderInUseError);
      expect((error as Error).message).toContain(`in use by intake-agent (pid ${process.pid})`);
    } finally {
      agent.release();
    }
  });

  it('holds the folder while running and lets go of it at stop', async () => {
    dir = await mkdtemp(join(tmpdir(), 'intake-core-lock-'));
    const core = await createIntakeCore(options(dir));
    expect(() => lockDataFolder(join(dir!, 'data'), 'intake-agent')).toThrow(DataFolderInUseError);
    await core.stop();
    lockDataFolder(join(dir, 'data'), 'intake-agent').release();
  });
});
