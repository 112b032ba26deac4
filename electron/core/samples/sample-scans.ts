import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * Small but real sample scans for the demo's scanner folder and for tests: a valid PDF (text pages a
 * viewer renders) and a valid PNG, made in code so no binary blobs live in the repository.
 */
export function makePdf(pages: string[][]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1; // 1-based object numbers
  const catalog = add('');
  const pagesObj = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const lines of pages) {
    const text = lines
      .map((line, i) => {
        const escaped = line.replace(/[\\()]/g, (c) => `\\${c}`);
        return `BT /F1 ${i === 0 ? 20 : 12} Tf 72 ${760 - i * 24} Td (${escaped}) Tj ET`;
      })
      .join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A scanned page as a scanner writes it: one grey image of `bytes` noise bytes (so the file is about that
 * large), cross-reference table and trailer last. For benchmarks and tests that need sizeable real PDFs.
 */
export function makeScanPdf(bytes: number, image: Buffer = randomBytes(bytes)): Buffer {
  const width = 1_000;
  const height = Math.max(1, Math.floor(image.length / width));
  const pixels = image.subarray(0, width * height);
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>',
  ];
  const parts: Buffer[] = [head];
  const offsets: number[] = [];
  let size = head.length;
  const push = (b: Buffer) => {
    parts.push(b);
    size += b.length;
  };
  objects.forEach((body, i) => {
    offsets.push(size);
    push(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1'));
  });
  offsets.push(size);
  push(
    Buffer.from(
      `4 0 obj\n<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${pixels.length} >>\nstream\n`,
      'latin1',
    ),
  );
  push(pixels);
  push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  const draw = 'q 595 0 0 842 0 0 cm /Im1 Do Q';
  offsets.push(size);
  push(Buffer.from(`5 0 obj\n<< /Length ${draw.length} >>\nstream\n${draw}\nendstream\nendobj\n`, 'latin1'));
  const xref = size;
  const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGB PNG with a simple pattern, `width` × `height` pixels. */
export function makePng(width: number, height: number, seed = 1): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const i = row + 1 + x * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = ((x + y) * seed) % 256;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The demo's first scans: one per typical situation a clerk meets. */
export function demoScans(): { name: string; content: Buffer }[] {
  return [
    {
      name: 'CLM-2026-000101_INV_scan0001.pdf',
      content: makePdf([
        [
          'Rechnung Nr. 2026-0417',
          'Sanitär Schmidt GmbH',
          'Auftrag: SRV-2026-0001',
          'Schaden CLM-2026-000101',
          'Betrag: 1.284,50 EUR',
        ],
      ]),
    },
    {
      name: 'scan_0042.pdf',
      content: makePdf([
        [
          'Schadenmeldung (Erstmeldung)',
          'Versicherungsnehmer: Jörg Müller',
          'Police: HR-100001',
          'Schadentag: 12.01.2026',
        ],
        ['Seite 2', 'Beschreibung: Wasser tritt aus der Küchendecke aus.'],
      ]),
    },
    {
      name: 'Schadensmeldung Müller – 2026.pdf',
      content: makePdf([['Schadensmeldung', 'Kunde: Jörg Müller', 'Eingang per Post']]),
    },
    { name: 'Foto Küche.png', content: makePng(320, 200, 3) },
  ];
}
