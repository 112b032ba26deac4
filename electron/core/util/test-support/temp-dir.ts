import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

const left = new Set<string>();

/** Removes the folders made outside a test; run after each test file (test/setup/temp-dirs.ts). */
export async function removeTempDirsOfFile(): Promise<void> {
  for (const dir of left) await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  left.clear();
}

/**
 * A fresh folder in the temp folder that is removed when the test ends, passed or failed (the suite fails
 * when the temp folder gained entries, scripts/test.mjs). Made outside a test (beforeAll, a module), it is
 * removed after the test file's last test.
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    onTestFinished(() => rm(dir, { recursive: true, force: true, maxRetries: 3 }));
  } catch {
    left.add(dir);
  }
  return dir;
}
