import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterScan } from '../../electron/core/suggestions/test-support/letters';
import { TURNED_ON_ARRIVAL } from '../../electron/core/text-services';
import { MemorySecretStore } from '../../electron/core/platform/test-support/connection-harness';
import { demoFolderProfile, startDemo } from '../../electron/web/demo-app';
import type { RunningDemo } from '../../electron/web/demo-app';
import { scanIn } from '../../electron/core/test-support/scans-left';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue #30 item 1: a letter scanned upside down arrives in a watched folder. Its text is read upright
// in the background, and the document is turned upright as a recorded page edit the clerk can undo; the
// scanner's file is never changed. Real core, real folder, real OCR of a letter made here.
let dir: string;
let demo: RunningDemo;
let folder: string;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-turned-'));
  demo = await startDemo({ dataDir: dir, version: 'test', sampleScans: false, secretStore: new MemorySecretStore() });
  folder = join(dir, 'post');
  await mkdir(folder);
  const settings = demo.core.settings.get();
  await demo.core.settings.save({
    ...settings,
    folders: [{ ...demoFolderProfile(folder), id: 'post', label: 'post', fileNamePattern: undefined }],
  });
}, idleMs(60_000));
afterAll(async () => {
  await demo?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a page scanned upside down, on arrival', () => {
  it(
    'is turned upright as a page edit (history, undo), its policy number is suggested, the scanner file stays as it was',
    async () => {
      const upright = await letterScan(
        {
          lines: [
            'Sehr geehrte Damen und Herren,',
            'Versicherungsnummer: HR-100001',
            'wir bestätigen den Eingang Ihrer Schadenmeldung',
            'vom 12. März 2026. Bitte senden Sie uns die Rechnung',
            'der Werkstatt und Fotos des Schadens.',
            'Mit freundlichen Grüßen',
          ],
          fontSize: 11,
        },
        { dpi: 200, noise: 12, blur: 0.6, seed: 2 },
      );
      const scan = await sharp(upright).rotate(180).withMetadata({ density: 200 }).png().toBuffer();
      const path = join(folder, 'Brief kopfüber.png');
      await writeFile(path, scan);
      await expect
        .poll(
          async () => (await demo.core.queue.list({ limit: 10, offset: 0, query: 'Brief kopfüber' })).documents.length,
          {
            timeout: idleMs(20_000),
          },
        )
        .toBe(1);
      const arrived = (await demo.core.queue.list({ limit: 10, offset: 0, query: 'Brief kopfüber' })).documents[0]!;
      expect(arrived.sha256).toBe(sha(scan));
      const history = async () =>
        (await demo.core.queue.history({ limit: 50 })).filter((h) => h.fileName.startsWith('Brief kopfüber'));
      await expect
        .poll(async () => (await history()).map((h) => h.step), { timeout: idleMs(90_000) })
        .toContainEqual(TURNED_ON_ARRIVAL);

      const turned = await demo.core.queue.get(arrived.id);
      expect(turned.fileName).toBe('Brief kopfüber.pdf');
      expect(turned.state).toBe('new');
      const pdf = await PDFDocument.load(await readFile((await demo.core.queue.contentFile(arrived.id)).path));
      expect(pdf.getPage(0).getRotation().angle).toBe(180);
      // Read again, upright now: the suggestion is there.
      const r = await demo.core.handlers['documents.suggestions']!({ id: arrived.id });
      expect(r.suggestions.find((s) => s.field === 'policyNumber')?.value).toBe('HR-100001');
      // The scanner's file is as it was (in this station's `.intake/taken/` until the upload).
      expect(sha(await readFile(scanIn(folder, 'Brief kopfüber.png')!))).toBe(sha(scan));

      // The clerk can undo it: back to the scanner's bytes.
      expect(await demo.core.handlers['documents.pageEdits']!({ id: arrived.id })).toEqual({ undoable: 1 });
      const back = await demo.core.handlers['documents.undoPageEdit']!({ id: arrived.id });
      expect(back).toMatchObject({ fileName: 'Brief kopfüber.png', sha256: sha(scan) });
    },
    idleMs(150_000),
  );
});
