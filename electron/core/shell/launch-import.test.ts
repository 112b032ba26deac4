import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../ipc/handler-table';
import { completeHandlerTable } from '../ipc/test-support/complete-handler-table';
import type { InboxUploader } from '../queue/inbox-uploader';
import type { QueueFixture } from '../queue/test-support/queue-fixture';
import { makeQueue } from '../queue/test-support/queue-fixture';
import { createDocumentHandlers } from '../ipc/documents-handlers';
import { DocumentImporter } from '../transfer/document-importer';
import { parseLaunchRequest } from './command-line';
import { importLaunchFiles } from './launch-import';

const accepting: InboxUploader = { uploadToInbox: async () => ({ success: true, errors: [], payload: {} }) };
let fx: QueueFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

describe('importLaunchFiles', () => {
  it('imports every file of a second start through documents.importPath, reporting failures per file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'intake-sendto-'));
    const a = join(dir, 'Schadensmeldung Müller.pdf');
    const big = join(dir, 'too big.pdf');
    const c = join(dir, 'vanishes.pdf');
    writeFileSync(a, '%PDF-1.7 a');
    writeFileSync(big, Buffer.alloc(2048, 0x41));
    writeFileSync(c, 'x');
    const { files } = parseLaunchRequest(['intake-desk.exe', '--original-process-start-time=1', a, big, c], dir);
    rmSync(c);

    fx = await makeQueue(accepting);
    await fx.queue.start();
    const queue = fx.queue;
    const handlers = completeHandlerTable(
      createDocumentHandlers({ queue, importer: new DocumentImporter(queue, 1024) }),
    );
    const importDocument = async (request: { path: string }) => {
      const r = await dispatch(handlers, 'documents.importPath', request);
      if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
      return r.value as { id: string };
    };

    const result = await importLaunchFiles(files, importDocument);
    expect(result.imported).toHaveLength(1);
    const doc = await queue.get(result.imported[0]!.documentId);
    expect(doc).toMatchObject({ fileName: 'Schadensmeldung Müller.pdf', sourceFolder: 'import', size: 10 });
    expect(readFileSync((await queue.contentFile(doc.id)).path, 'utf8')).toBe('%PDF-1.7 a');
    expect(result.failed).toEqual([
      { path: big, message: expect.stringMatching(/^import\.too_large: /) },
      { path: c, message: expect.stringMatching(/^import\.unreadable: .*ENOENT/) },
    ]);
    rmSync(dir, { recursive: true, force: true });
  });
});
