/** PDFs the capture code must refuse politely: password-protected, damaged, with no pages. */
import { randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/**
 * A PDF whose Standard security handler (AES-256, R5) wants a user password: the /U entry is random, so
 * the empty password does not open it. Its content never needs decrypting for the test.
 */
export function passwordProtectedPdf(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    `<< /Filter /Standard /V 5 /R 5 /Length 256 /P -4 /O <${hex(randomBytes(48))}> /U <${hex(randomBytes(48))}> ` +
      `/OE <${hex(randomBytes(32))}> /UE <${hex(randomBytes(32))}> /Perms <${hex(randomBytes(16))}> >>`,
  ];
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  const id = hex(randomBytes(16));
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

export async function zeroPagePdf(): Promise<Uint8Array> {
  // pdf-lib adds a blank page to an empty document unless told not to.
  return (await PDFDocument.create()).save({ addDefaultPage: false });
}

/** A real PDF cut off after its first quarter, as a scanner that crashed mid-write leaves it. */
export function truncated(bytes: Uint8Array): Uint8Array {
  return bytes.slice(0, Math.floor(bytes.length / 4));
}
