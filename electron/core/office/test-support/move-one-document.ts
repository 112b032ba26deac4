/**
 * A station moving one document's bytes, in a process of its own so that its memory is its alone (the
 * memory test of document-content.test.ts, bench/office-document-bytes.ts): stores a local file and copies
 * it out again through a DocumentContent, and prints one JSON line with its resident memory (KiB) before,
 * its kernel peak while storing and while copying out (the peak is reset between, /proc/self/clear_refs),
 * and the seconds each took. Linux only (the kernel's VmHWM).
 *
 *   node --import tsx move-one-document.ts --place office|spool --file F --fingerprint JSON --out DIR
 *        [--url POSTGRES_URL] [--dir SPOOL_DIR]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContentFingerprint, DocumentContent } from '../../queue/document-content';
import { SpoolDocumentContent } from '../../queue/document-content';
import { Spool } from '../../queue/spool';
import { silentLogger } from '../../util/logger';
import { OfficeDatabase } from '../office-database';
import { OfficeDocumentContent } from '../office-document-content';
import { officeAddress } from './office-fixture';

/** What the child prints (move-one-document-process.ts reads it). */
export interface MovedDocument {
  /** KiB resident before the move, after a warm-up (connections open, code paths run). */
  before: number;
  peakStoring: number;
  peakCopying: number;
  storeSeconds: number;
  copySeconds: number;
}

function argOf(name: string): string {
  const i = process.argv.indexOf(name);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  if (value === undefined) throw new Error(`${name} is missing`);
  return value;
}

function kernelKib(field: 'VmRSS' | 'VmHWM'): number {
  const value = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  if (value === undefined) throw new Error(`no ${field} in /proc/self/status`);
  return Number(value);
}

async function main(): Promise<void> {
  const file = argOf('--file');
  const fingerprint = JSON.parse(argOf('--fingerprint')) as ContentFingerprint;
  const out = argOf('--out');
  let content: DocumentContent;
  let close = async () => undefined as void;
  if (argOf('--place') === 'office') {
    const db = new OfficeDatabase({ address: officeAddress(argOf('--url')), logger: silentLogger, poolSize: 2 });
    await db.open();
    content = new OfficeDocumentContent(db, { stationId: 'memory' });
    close = () => db.close();
  } else {
    const spool = new Spool(argOf('--dir'));
    await spool.init();
    content = new SpoolDocumentContent(spool);
  }
  const warm = join(out, 'warm');
  writeFileSync(warm, 'warm');
  await content.copyOut('warm', `${warm}.out`, await content.store('warm', warm));
  const resetPeak = () => writeFileSync('/proc/self/clear_refs', '5');
  resetPeak();
  const before = kernelKib('VmRSS');
  let t = performance.now();
  await content.store('big', file, fingerprint);
  const storeSeconds = (performance.now() - t) / 1000;
  const peakStoring = kernelKib('VmHWM');
  resetPeak();
  t = performance.now();
  await content.copyOut('big', join(out, 'big'), fingerprint);
  const copySeconds = (performance.now() - t) / 1000;
  const peakCopying = kernelKib('VmHWM');
  await content.remove('big');
  await content.remove('warm');
  await rm(join(out, 'big'), { force: true });
  await close();
  const moved: MovedDocument = { before, peakStoring, peakCopying, storeSeconds, copySeconds };
  console.log(JSON.stringify(moved));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
