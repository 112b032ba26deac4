import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * One agent per data folder: two workers on one queue would upload the same documents concurrently.
 * A lock left by a killed agent (its pid no longer runs) is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, 'agent.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const h = await open(path, 'wx');
      await h.writeFile(String(process.pid));
      await h.close();
      return () => rm(path, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
        throw new Error(`another agent (pid ${pid}) uses ${dataDir}`, { cause: e });
      }
      await rm(path, { force: true });
    }
  }
  throw new Error(`cannot lock ${dataDir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
