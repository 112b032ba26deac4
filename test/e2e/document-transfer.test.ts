import { open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchApp } from './harness';
import type { E2eApp } from './harness';
import { makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

/**
 * Writes a one-page PDF of more than 2 GiB without writing 2 GiB: the header, a sparse gap inside a
 * comment, then the objects and the cross-reference table at their real offsets.
 */
async function writeSparsePdf(path: string, text: string, gap: number): Promise<number> {
  const head = '%PDF-1.4\n%';
  const bodyStart = head.length + gap + 1;
  const stream = `BT /F1 28 Tf 72 700 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '\n';
  const offsets = objects.map((o, i) => {
    const at = bodyStart - 1 + body.length;
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = bodyStart - 1 + body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) body += `${String(at).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const file = await open(path, 'w');
  await file.write(head, 0);
  await file.write(body, bodyStart - 1);
  const size = (await file.stat()).size;
  await file.close();
  return size;
}

/**
 * File bytes never travel over the WebSocket: a drop is streamed by HTTP POST, a preview read by HTTP
 * Range, both with the token as a bearer header (issue #14 item 1).
 */
describe('dropped files and previews over HTTP in Chromium', () => {
  let app: E2eApp;
  let largestFrame = 0;
  beforeAll(async () => {
    app = await launchApp();
    app.page.on('websocket', (ws) =>
      ws.on('framesent', (f) => (largestFrame = Math.max(largestFrame, String(f.payload).length))),
    );
    // The harness opened the page before the listener: reload so this socket is watched too.
    await app.page.reload();
    await app.page.getByTestId('app-version').waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a 100 MB drop is imported (the shell crashed or refused it before); no large frame on the socket', async () => {
    const { page } = app;
    await page.evaluate(() => {
      const bytes = new Uint8Array(100 * 1000 * 1000);
      bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'Gutachten 100 MB.pdf', { type: 'application/pdf' }));
      for (const kind of ['dragenter', 'dragover', 'drop']) {
        document.body.dispatchEvent(new DragEvent(kind, { dataTransfer: dt, bubbles: true, cancelable: true }));
      }
    });
    const row = page.getByTestId('doc-row').filter({ hasText: 'Gutachten 100 MB.pdf' });
    await row.waitFor({ timeout: idleMs(60_000) });
    const listed = (await app.demo.core.queue.list({ limit: 10, offset: 0, query: 'Gutachten' })).documents;
    expect(listed.map((d) => d.size)).toEqual([100 * 1000 * 1000]);
    expect(largestFrame).toBeLessThan(64 * 1024);
  });

  it('a 100 MB PDF is previewed from a few ranges, not read whole', async () => {
    const { page } = app;
    const reads: { url: string; bytes: number }[] = [];
    page.on('response', (r) => {
      if (/\/api\/documents\/[^/]+\/content$/.test(r.url()))
        reads.push({ url: r.url(), bytes: Number(r.headers()['content-length'] ?? 0) });
    });
    await writeFile(join(app.demo.scannerFolder, 'CLM-2026-000101_INVOICE_big.pdf'), makePdf(['Grosse Datei'], 100e6));
    const row = page.getByTestId('doc-row').filter({ hasText: 'CLM-2026-000101_INVOICE_big.pdf' });
    await row.waitFor({ timeout: idleMs(60_000) });
    await row.click();
    await page.getByTestId('pdf-canvas').waitFor();
    await expect.poll(() => page.getByTestId('page-indicator').textContent()).toBe('Page 1 of 1');
    // Only this document's reads (the 100 MB drop above may still be previewing in the background).
    const id = (await app.demo.core.queue.list({ limit: 1, offset: 0, query: 'INVOICE_big' })).documents[0]?.id ?? '?';
    const fetched = reads.filter((r) => r.url.includes(`/api/documents/${id}/`)).reduce((n, r) => n + r.bytes, 0);
    expect(fetched).toBeGreaterThan(0);
    expect(fetched).toBeLessThan(5 * 1024 * 1024);
  });

  it('a document over 2 GiB is previewed (it said file.missing when read whole)', async () => {
    const { page } = app;
    const doc = await app.demo.core.queue.importBytes('Bauakte 2 GiB.pdf', makePdf(['klein']));
    const size = await writeSparsePdf((await app.demo.core.queue.contentFile(doc.id)).path, 'Zwei GiB', 2 ** 31 + 4096);
    expect(size).toBeGreaterThan(2 ** 31);
    const reads: { url: string; bytes: number }[] = [];
    page.on('response', (r) => {
      if (r.url().includes(`/api/documents/${doc.id}/`))
        reads.push({ url: r.url(), bytes: Number(r.headers()['content-length'] ?? 0) });
    });
    const row = page.getByTestId('doc-row').filter({ hasText: 'Bauakte 2 GiB.pdf' });
    await row.click();
    await page.getByTestId('pdf-canvas').waitFor();
    await expect.poll(() => page.getByTestId('page-indicator').textContent()).toBe('Page 1 of 1');
    expect(await page.getByTestId('preview').getByRole('alert').count()).toBe(0);
    expect(reads.reduce((n, r) => n + r.bytes, 0)).toBeLessThan(5 * 1024 * 1024);
  });
});
