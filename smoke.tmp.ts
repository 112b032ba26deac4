import { writeFileSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createOcrEngine } from '/work/wt/pdf39/electron/core/suggestions/ocr-engine';
import { packagedEnglish } from '/work/wt/pdf39/electron/core/suggestions/ocr-languages';
import { readDocumentText } from '/work/wt/pdf39/electron/core/suggestions/read-document-text';
import { letterScan } from '/work/wt/pdf39/electron/core/suggestions/test-support/letters';
import { buildSearchablePdf } from '/work/wt/pdf39/electron/core/output/searchable-pdf';
import type { PageText } from '/work/wt/pdf39/electron/core/suggestions/page-text';
const png = await letterScan({ lines: ['Dear Sir or Madam,', 'Policy number HR-100001, claim 1001', 'please find attached the invoice for the repair', 'of the windscreen. The accident happened on 12 March 2026.'] }, { dpi: 300, blur: 0.6, noise: 10 });
writeFileSync('/tmp/s39/letter.png', png);
const engine = await createOcrEngine([packagedEnglish()], '/tmp/s39/stage');
for (const f of ['/tmp/s39/letter.png', process.argv[2]].filter(Boolean) as string[]) {
  const pages: PageText[] = [];
  let t = performance.now();
  const r = await readDocumentText(f, { maxOcrPages: 100, dpi: 300, minTextLayerChars: 20 }, async () => engine, (p) => pages.push(p));
  const ocrMs = performance.now() - t;
  t = performance.now();
  const out = await buildSearchablePdf(new Uint8Array(readFileSync(f)), pages, process.env.SMALLER ? { smaller: { recognize: (b) => engine.recognize(b) } } : {});
  const buildMs = performance.now() - t;
  if (!out.ok) throw new Error(out.message);
  writeFileSync(f + '.out.pdf', out.bytes);
  console.log(f, r, 'ocr', ocrMs.toFixed(0), 'build', buildMs.toFixed(0), 'bytes in', readFileSync(f).length, 'out', out.bytes.length, out.textPages, out.bitonalPages);
  console.log(pages.map(p => p.lines.map(l => l.map(w => w.text).join(' ')).join('\n')).join('\n--\n').slice(0, 400));
  console.log(execFileSync('pdftotext', ['-layout', f + '.out.pdf', '-']).toString().slice(0, 600));
  try { console.log(execFileSync('qpdf', ['--check', f + '.out.pdf']).toString()); } catch (e) { console.log('QPDF FAIL', (e as any).stdout?.toString()); }
}
await engine.close();
