import { readFileSync } from 'node:fs';
import { PDFDocument, PDFRawStream } from 'pdf-lib';
const doc = await PDFDocument.load(readFileSync(process.argv[2]!));
for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
  if (obj instanceof PDFRawStream) console.log(ref.tag, obj.contents.length, obj.dict.toString().slice(0, 100).replace(/\n/g, ' '));
}
