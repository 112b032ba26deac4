import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../electron/core/platform/test-support/connection-harness';
import { startDemo } from '../../electron/web/demo-app';
import type { RunningDemo } from '../../electron/web/demo-app';

// Issue #48 item 7: a new demo's folder sends searchable PDFs; a demo whose folder was saved before keeps
// what it had (existing settings keep theirs).
let dir: string | undefined;
let demo: RunningDemo | undefined;
afterEach(async () => {
  await demo?.close();
  demo = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
});

const start = (folderOutput?: null) =>
  startDemo({
    dataDir: dir!,
    version: 'test',
    sampleScans: false,
    secretStore: new MemorySecretStore(),
    ...(folderOutput === null ? { folderOutput } : {}),
  });

describe("the demo's folder output", () => {
  it('a new demo: its folder sends searchable PDFs', async () => {
    dir = await mkdtemp(join(tmpdir(), 'demo-output-'));
    demo = await start();
    expect(demo.core.settings.get().folders).toHaveLength(1);
    expect(demo.core.settings.get().folders[0]!.output).toBe('searchable-pdf');
  });

  it('a demo whose folder was saved saying nothing keeps sending the scanner’s file after a restart', async () => {
    dir = await mkdtemp(join(tmpdir(), 'demo-output-'));
    demo = await start(null);
    expect(demo.core.settings.get().folders[0]!.output).toBeUndefined();
    await demo.close();
    demo = await start();
    expect(demo.core.settings.get().folders[0]!.output).toBeUndefined();
  });
});
