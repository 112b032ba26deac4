import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BuildOutcome, OutgoingDocument } from './outgoing-files';
import { OutgoingFiles } from './outgoing-files';

// The build is the one seam faked here: the real builder (DocumentTextService.searchablePdf) gives the same
// bytes for the same input by design, so a rebuild that differs cannot be made with it.
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const doc: OutgoingDocument = {
  id: 'doc-1',
  fileName: 'letter.pdf',
  contentType: 'application/pdf',
  sourceFolder: '/scans',
  sha256: 'source-sha',
};

describe('outgoing files (issue #45: a fallback is said, once)', () => {
  it('a searchable PDF that went missing and comes out other bytes: decided original once, one warning', async () => {
    dir = mkdtempSync(join(tmpdir(), 'outgoing-'));
    let build = 0;
    const warned: string[] = [];
    const files = new OutgoingFiles({
      dir: join(dir, 'outgoing'),
      choiceOf: () => ({ output: 'searchable-pdf', smaller: false }),
      async build(_source, out): Promise<BuildOutcome> {
        const bytes = Buffer.from(`%PDF-1.7 build ${++build}`);
        await writeFile(out, bytes);
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        return { ok: true, textPages: [0], bitonalPages: [], greyPages: [], size: bytes.length, sha256 };
      },
      failed: (d, reason) => warned.push(`${d.fileName}: ${reason}`),
    });
    const spool = join(dir, 'spool.pdf');
    await writeFile(spool, '%PDF-1.4 scan');
    expect((await files.prepare(doc, spool)).step?.code).toBe('uploadedSearchable');
    await rm(join(dir, 'outgoing', 'doc-1.pdf')); // removed by hand before the upload went
    for (let attempt = 0; attempt < 3; attempt++) {
      const prepared = await files.prepare(doc, spool);
      expect(prepared.send).toBeUndefined(); // the original
      expect(prepared.step).toEqual({
        code: 'uploadedAsScanned',
        values: { reason: 'its searchable PDF was lost and could not be made again the same' },
      });
    }
    expect(warned).toEqual(['letter.pdf: its searchable PDF was lost and could not be made again the same']);
    expect(JSON.parse(await readFile(join(dir, 'outgoing', 'doc-1.json'), 'utf8'))).toMatchObject({ kind: 'original' });
  });
});
