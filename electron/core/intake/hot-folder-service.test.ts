import { appendFile, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import type { FolderProfile } from '../../../shared/domain/settings';
import { EventBus } from '../events/event-bus';
import { makeQueue, waitFor } from '../queue/test-support/queue-fixture';
import { silentLogger } from '../util/logger';
import type { FolderStatus } from './hot-folder';
import { HotFolderService } from './hot-folder-service';
import { acceptingUploader, fastFolderTimings, hotFolderSuite } from './test-support/hot-folder-suite';

const accepting = acceptingUploader();
const FAST = fastFolderTimings(400);
const t = hotFolderSuite();

function profile(path: string, extra: Partial<FolderProfile> = {}): FolderProfile {
  return FolderProfileSchema.parse({ id: 'scanner', label: 'Scanner', path, ...extra });
}

async function setup(profiles: (dir: string) => FolderProfile[], statuses: FolderStatus[] = []) {
  t.fx = await makeQueue(accepting);
  await t.fx.queue.start();
  t.service = new HotFolderService(t.fx.queue, new EventBus(), silentLogger, FAST, (_p, s) => statuses.push(s));
  const ps = profiles(t.fx.dir);
  for (const p of ps) await mkdir(p.path, { recursive: true });
  return { fx: t.fx, service: t.service, ps };
}

const names = async () => {
  const { documents } = await t.fx!.queue.list({ limit: 100, offset: 0 });
  return documents.map((d) => d.fileName).sort();
};

describe('HotFolderService', () => {
  it('picks up files already there at start and ignores temporary, hidden and excluded files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'intake-folder-'));
    const scans = join(dir, 'scans');
    await mkdir(scans, { recursive: true });
    for (const n of ['old.pdf', '~$lock.pdf', 'x.pdf.tmp', '.hidden.pdf', 'part.pdf.part', 'note.txt'])
      await writeFile(join(scans, n), 'data');
    t.fx = await makeQueue(accepting, { dir });
    await t.fx.queue.start();
    t.service = new HotFolderService(t.fx.queue, new EventBus(), silentLogger, FAST);
    await t.service.start([profile(scans)]);
    await waitFor(async () => (await names()).length === 1, 'old.pdf taken');
    await new Promise((r) => setTimeout(r, 600));
    expect(await names()).toEqual(['old.pdf']);
  });

  it('takes a file written in bursts only once it is complete, exactly once', async () => {
    const { ps } = await setup((d) => [profile(join(d, 'scans'))]);
    await t.service!.start(ps);
    const p = join(ps[0]!.path, 'burst.pdf');
    await writeFile(p, 'a'.repeat(1000));
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 200)); // pauses shorter than stableMs
      await appendFile(p, 'b'.repeat(1000));
    }
    const doc = await waitFor(async () => (await t.fx!.queue.list({ limit: 10, offset: 0 })).documents[0], 'document');
    expect(doc.size).toBe(5000);
    await t.service!.rescan();
    await new Promise((r) => setTimeout(r, 600));
    expect((await t.fx!.queue.list({ limit: 10, offset: 0 })).total).toBe(1);
  });

  it('a file written as .tmp then renamed arrives once under its final name', async () => {
    const { ps } = await setup((d) => [profile(join(d, 'scans'))]);
    await t.service!.start(ps);
    const tmp = join(ps[0]!.path, 'scan_7.pdf.tmp');
    await writeFile(tmp, 'scanned');
    await rename(tmp, join(ps[0]!.path, 'scan_7.pdf'));
    await waitFor(async () => (await names()).length === 1, 'renamed file');
    expect(await names()).toEqual(['scan_7.pdf']);
  });

  it('fills metadata from the profile and the file-name pattern and auto-submits', async () => {
    const { ps } = await setup((d) => [
      profile(join(d, 'claims'), {
        autoSubmit: true,
        fileNamePattern: '{CaseNumber}_{DocumentTypeCode}_*.pdf',
        defaultMetadata: { responsibleDepartmentId: 'D1' },
      }),
    ]);
    await t.service!.start(ps);
    await writeFile(join(ps[0]!.path, '4711_INV_001.pdf'), 'invoice');
    const doc = await waitFor(
      async () => (await t.fx!.queue.list({ limit: 10, offset: 0 })).documents.find((d) => d.state === 'archived'),
      'archived',
    );
    expect(doc.metadata).toEqual({ caseNumber: '4711', documentTypeCode: 'INV', responsibleDepartmentId: 'D1' });
  });

  it('with auto-submit, a name whose placeholders do not have their field format stays in the inbox', async () => {
    t.fx = await makeQueue(accepting);
    await t.fx.queue.start();
    const formats = { caseNumberPattern: '^CLM-\\d{4}-\\d{6}$', documentTypeCodes: ['INV'] };
    t.service = new HotFolderService(t.fx.queue, new EventBus(), silentLogger, {
      ...FAST,
      placeholderFormats: () => formats,
    });
    const p = profile(join(t.fx.dir, 'claims'), {
      autoSubmit: true,
      fileNamePattern: '{CaseNumber}_{DocumentTypeCode}_*.pdf',
    });
    await mkdir(p.path, { recursive: true });
    await t.service.start([p]);
    await writeFile(join(p.path, 'Rechnung_Maler_Nov.pdf'), 'words, not a case');
    await writeFile(join(p.path, 'CLM-2026-000101_INVOICE_scan.pdf'), 'unconfigured type');
    await writeFile(join(p.path, 'CLM-2026-000101_INV_scan.pdf'), 'fits');
    const docs = async () => (await t.fx!.queue.list({ limit: 10, offset: 0 })).documents;
    await waitFor(
      async () => (await docs()).length === 3 && (await docs()).some((d) => d.state === 'archived'),
      'all three taken',
    );
    const byName = Object.fromEntries((await docs()).map((d) => [d.fileName, d]));
    expect(byName['Rechnung_Maler_Nov.pdf']).toMatchObject({ state: 'new', metadata: {} });
    expect(byName['CLM-2026-000101_INVOICE_scan.pdf']).toMatchObject({
      state: 'new',
      metadata: { caseNumber: 'CLM-2026-000101' },
    });
    expect(byName['CLM-2026-000101_INVOICE_scan.pdf']?.metadata.documentTypeCode).toBeUndefined();
    expect(byName['CLM-2026-000101_INV_scan.pdf']).toMatchObject({
      state: 'archived',
      metadata: { caseNumber: 'CLM-2026-000101', documentTypeCode: 'INV' },
    });
  });

  it('with auto-submit, a document without a field the folder requires stays in the inbox', async () => {
    const { ps } = await setup((d) => [
      profile(join(d, 'claims'), {
        autoSubmit: true,
        fileNamePattern: '{CaseNumber}_*.pdf',
        requiredFields: ['caseNumber', 'documentTypeCode'],
      }),
      profile(join(d, 'typed'), {
        id: 'typed',
        autoSubmit: true,
        fileNamePattern: '{CaseNumber}_*.pdf',
        requiredFields: ['caseNumber', 'documentTypeCode'],
        defaultMetadata: { documentTypeCode: 'INV' },
      }),
    ]);
    await t.service!.start(ps);
    await writeFile(join(ps[0]!.path, '4711_a.pdf'), 'no type');
    await writeFile(join(ps[1]!.path, '4712_b.pdf'), 'type from the folder');
    const docs = async () => (await t.fx!.queue.list({ limit: 10, offset: 0 })).documents;
    await waitFor(
      async () => (await docs()).length === 2 && (await docs()).some((d) => d.state === 'archived'),
      'both taken',
    );
    expect((await docs()).find((d) => d.fileName === '4711_a.pdf')?.state).toBe('new');
    expect((await docs()).find((d) => d.fileName === '4712_b.pdf')?.state).toBe('archived');
  });

  it('handles non-ASCII, quotes, emoji and very long names (NFC)', async () => {
    const { ps } = await setup((d) => [profile(join(d, 'scans'))]);
    await t.service!.start(ps);
    const long = `${'Schadensmeldung-'.repeat(14)}.pdf`;
    const odd = ['Mu\u0308ller – "Rechnung" 📄.pdf', "O'Brien's claim.pdf", long];
    for (const n of odd) await writeFile(join(ps[0]!.path, n), n);
    await waitFor(async () => (await names()).length === 3, 'three odd names');
    expect(await names()).toEqual(['Müller – "Rechnung" 📄.pdf', "O'Brien's claim.pdf", long].sort());
  });

  it('reports a folder that disappears and re-attaches when it returns', async () => {
    const statuses: FolderStatus[] = [];
    const { ps } = await setup((d) => [profile(join(d, 'usb'))], statuses);
    await t.service!.start(ps);
    await rm(ps[0]!.path, { recursive: true });
    await waitFor(() => statuses.includes('missing'), 'missing');
    await mkdir(ps[0]!.path);
    await waitFor(() => statuses.filter((s) => s === 'watching').length === 2, 'watching again');
    await writeFile(join(ps[0]!.path, 'after.pdf'), 'back');
    await waitFor(async () => (await names()).includes('after.pdf'), 'file after re-attach');
  });

  it('a folder that does not exist at start is reported, others keep working; polling folders work', async () => {
    const statuses: FolderStatus[] = [];
    const { ps } = await setup(
      (d) => [profile(join(d, 'polled'), { id: 'share', polling: { enabled: true, intervalMs: 500 } })],
      statuses,
    );
    await t.service!.start([...ps, profile(join(t.fx!.dir, 'never'), { id: 'gone' })]);
    expect(statuses).toContain('missing');
    await writeFile(join(ps[0]!.path, 'share.pdf'), 'over smb');
    await waitFor(async () => (await names()).includes('share.pdf'), 'polled file');
  });

  it('apply(): the same profiles leave the watchers alone; changed ones re-attach, and the new folder is watched', async () => {
    const statuses: FolderStatus[] = [];
    const { ps } = await setup((d) => [profile(join(d, 'a')), profile(join(d, 'b'), { id: 'second' })], statuses);
    await t.service!.start([ps[0]!]);
    const watchingAfterStart = statuses.filter((s) => s === 'watching').length;
    expect(watchingAfterStart).toBe(1);
    // An unrelated settings save passes equal profiles: no stop, no second 'watching'.
    await t.service!.apply([{ ...ps[0]! }]);
    expect(statuses.filter((s) => s === 'watching').length).toBe(1);
    expect(statuses).not.toContain('stopped');
    // Two quick saves: they run one after another, and the last one wins.
    void t.service!.apply([ps[0]!, ps[1]!]);
    await t.service!.apply([ps[1]!]);
    await writeFile(join(ps[1]!.path, 'in-b.pdf'), 'b');
    await waitFor(async () => (await names()).includes('in-b.pdf'), 'file in the newly applied folder');
    await writeFile(join(ps[0]!.path, 'in-a.pdf'), 'a');
    await new Promise((r) => setTimeout(r, 900));
    expect(await names()).not.toContain('in-a.pdf');
  });
});
