import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataFolderInUseError, lockDataFolder } from './data-folder-lock';
import { tempDir } from './test-support/temp-dir';
import { idleMs } from './test-support/box-pace';

// A real second process holds the lock: the point is what the kernel does when that process dies.
const HOLDER = `
  const { lockDataFolder } = await import(${JSON.stringify(join(import.meta.dirname, 'data-folder-lock.ts'))});
  lockDataFolder(process.argv[1], 'lock-holder');
  process.stdout.write('locked\\n');
  setInterval(() => undefined, 1 << 30);
`;

function holdLock(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', HOLDER, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (s: string) => {
      if (s.includes('locked')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
}

async function kill9(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describe('data-folder lock', () => {
  it('one owner per folder: a second lock in this process is refused until the first is released', async () => {
    const dir = tempDir('intake-lock-');
    const first = lockDataFolder(dir, 'intake-agent');
    expect(() => lockDataFolder(dir, 'Intake Desk')).toThrow(DataFolderInUseError);
    first.release();
    lockDataFolder(dir, 'Intake Desk').release();
  });

  it('a second process is refused with a message naming the owner; kill -9 of the owner frees it at once', async () => {
    const dir = tempDir('intake-lock-');
    const holder = await holdLock(dir);
    let refused: unknown;
    try {
      lockDataFolder(dir, 'intake-agent');
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(DataFolderInUseError);
    expect((refused as Error).message).toContain(`lock-holder (pid ${holder.pid})`);
    expect((refused as Error).message).toContain(dir);
    expect((refused as DataFolderInUseError).code).toBe('data.folder_in_use');
    await kill9(holder);
    lockDataFolder(dir, 'intake-agent').release();
  });

  it(
    'kill -9, then take the lock again at once: 20 times in a row, every restart gets it',
    { timeout: idleMs(120_000) },
    async () => {
      const dir = tempDir('intake-lock-');
      let holder = await holdLock(dir);
      for (let i = 0; i < 20; i++) {
        await kill9(holder);
        holder = await holdLock(dir); // rejects if the restart cannot lock (it exits with an error)
      }
      expect(() => lockDataFolder(dir, 'intake-agent')).toThrow(DataFolderInUseError);
      await kill9(holder);
    },
  );
});
