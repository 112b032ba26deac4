import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { ContentFingerprint } from '../../queue/document-content';
import type { MovedDocument } from './move-one-document';

/** Runs move-one-document.ts in a child process and returns what it measured (its stderr is passed through). */
export async function moveOneDocumentInAChild(o: {
  place: 'office' | 'spool';
  file: string;
  fingerprint: ContentFingerprint;
  out: string;
  url?: string;
  dir?: string;
}): Promise<MovedDocument> {
  const args = ['--import', 'tsx', join(import.meta.dirname, 'move-one-document.ts'), '--place', o.place];
  args.push('--file', o.file, '--fingerprint', JSON.stringify(o.fingerprint), '--out', o.out);
  if (o.url) args.push('--url', o.url);
  if (o.dir) args.push('--dir', o.dir);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const last = stdout.trim().split('\n').pop();
  if (code !== 0 || !last) throw new Error(`moving one document (${o.place}) ended with ${code}: ${stderr || stdout}`);
  return JSON.parse(last) as MovedDocument;
}
