import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IntakeError } from '../errors';
import { dispatch } from '../ipc/handler-table';
import { completeHandlerTable } from '../ipc/missing-handlers';
import { parseLaunchRequest } from './command-line';
import { importLaunchFiles } from './launch-import';

describe('importLaunchFiles', () => {
  it('imports every file of a second start through the documents.import path, reporting failures per file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'intake-sendto-'));
    const a = join(dir, 'Schadensmeldung Müller.pdf');
    const b = join(dir, 'photo.jpg');
    const c = join(dir, 'vanishes.pdf');
    writeFileSync(a, '%PDF-1.7 a');
    writeFileSync(b, 'jpeg bytes');
    writeFileSync(c, 'x');
    const { files } = parseLaunchRequest(['intake-desk.exe', '--original-process-start-time=1', a, b, c], dir);
    rmSync(c);

    const received: { fileName: string; text: string }[] = [];
    const handlers = completeHandlerTable({
      'documents.import': async ({ fileName, base64 }) => {
        if (fileName === 'photo.jpg') throw new IntakeError('validation', 'file.type', 'Not a supported file type.');
        received.push({ fileName, text: Buffer.from(base64, 'base64').toString() });
        return { id: `doc-${received.length}` } as never;
      },
    });
    const importDocument = async (request: { fileName: string; base64: string }) => {
      const r = await dispatch(handlers, 'documents.import', request);
      if (!r.ok) throw new Error(r.error.message);
      return r.value as { id: string };
    };

    const result = await importLaunchFiles(files, importDocument);
    expect(received).toEqual([{ fileName: 'Schadensmeldung Müller.pdf', text: '%PDF-1.7 a' }]);
    expect(result.imported).toEqual([{ path: a, documentId: 'doc-1' }]);
    expect(result.failed).toEqual([
      { path: b, message: 'Not a supported file type.' },
      { path: c, message: expect.stringContaining('ENOENT') },
    ]);
  });
});
