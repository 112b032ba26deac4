// Draws the Intake Desk icon (a document going into an in-tray) and the tray icons, and writes them as PNG,
// ICO and ICNS with nothing but node:zlib. Run: node scripts/generate-icons.mjs (output in resources/).
// The files are committed; rerun after changing a shape or colour.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const out = join(import.meta.dirname, '..', 'resources');

// ── shapes in unit coordinates (0…1, y down) ──
const roundRect = (x0, y0, x1, y1, r) => (x, y) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const rect = (x0, y0, x1, y1) => roundRect(x0, y0, x1, y1, 0);
const minus = (a, b) => (x, y) => a(x, y) && !b(x, y);
const circle = (cx, cy, r) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

const page = (x0, y0, x1, y1, fold) => (x, y) => rect(x0, y0, x1, y1)(x, y) && x - x1 + fold <= y - y0;
const foldCorner = (x1, y0, fold) => (x, y) =>
  x <= x1 && y >= y0 && x >= x1 - fold && y <= y0 + fold && x - x1 + fold >= y - y0;
const tray = (x0, y0, x1, y1, notchX0, notchX1, notchDepth) =>
  minus(roundRect(x0, y0, x1, y1, 0.05), rect(notchX0, y0 - 0.01, notchX1, y0 + notchDepth));

/** The app icon: blue tile, white page with lines, light in-tray in front. */
function appLayers() {
  return [
    [roundRect(0.06, 0.06, 0.94, 0.94, 0.2), (x, y) => mix([0x2f, 0x74, 0xd8], [0x17, 0x4a, 0xa6], y)],
    [page(0.31, 0.14, 0.69, 0.66, 0.11), () => [0xff, 0xff, 0xff]],
    [foldCorner(0.69, 0.14, 0.11), () => [0xc9, 0xd8, 0xf0]],
    [rect(0.37, 0.31, 0.6, 0.345), () => [0x9d, 0xb6, 0xdc]],
    [rect(0.37, 0.39, 0.63, 0.425), () => [0x9d, 0xb6, 0xdc]],
    [rect(0.37, 0.47, 0.56, 0.505), () => [0x9d, 0xb6, 0xdc]],
    [tray(0.18, 0.56, 0.82, 0.84, 0.34, 0.66, 0.09), () => [0xe3, 0xee, 0xff]],
  ];
}

const STATUS_COLOURS = {
  idle: undefined,
  uploading: [0x25, 0x63, 0xeb],
  paused: [0x8a, 0x8f, 0x98],
  offline: [0xd9, 0x8c, 0x1a],
  failed: [0xd6, 0x2d, 0x2d],
};

/** Tray glyph: dark page and tray on transparent (readable on light and dark taskbars via a light rim), plus a status dot. */
function trayLayers(state) {
  const ink = () => [0x2b, 0x31, 0x3a];
  const layers = [
    [page(0.24, 0.04, 0.72, 0.6, 0.14), () => [0xf4, 0xf6, 0xfa]],
    [minus(page(0.24, 0.04, 0.72, 0.6, 0.14), page(0.31, 0.11, 0.65, 0.6, 0.1)), ink],
    [tray(0.04, 0.5, 0.92, 0.96, 0.28, 0.68, 0.14), ink],
  ];
  const dot = STATUS_COLOURS[state];
  if (dot) {
    layers.push([circle(0.76, 0.76, 0.25), () => [0xff, 0xff, 0xff]]);
    layers.push([circle(0.76, 0.76, 0.2), () => dot]);
  }
  return layers;
}

function mix(a, b, t) {
  return a.map((v, i) => Math.round(v + (b[i] - v) * t));
}

/** Rasterises layers (painter's order) with supersampling for smooth edges at every size. */
function render(size, layers) {
  const ss = size <= 64 ? 8 : size <= 256 ? 4 : 2;
  const px = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let pxx = 0; pxx < size; pxx++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const x = (pxx + (sx + 0.5) / ss) / size;
          const y = (py + (sy + 0.5) / ss) / size;
          let colour;
          for (const [shape, fill] of layers) if (shape(x, y)) colour = fill(x, y);
          if (colour) {
            r += colour[0];
            g += colour[1];
            b += colour[2];
            a += 1;
          }
        }
      }
      const i = (py * size + pxx) * 4;
      const n = ss * ss;
      // Premultiplied sums → straight alpha.
      px[i] = a ? Math.round(r / a) : 0;
      px[i + 1] = a ? Math.round(g / a) : 0;
      px[i + 2] = a ? Math.round(b / a) : 0;
      px[i + 3] = Math.round((255 * a) / n);
    }
  }
  return px;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** ICO with PNG-compressed entries (Windows Vista and later read them). */
function ico(entries) {
  const header = Buffer.alloc(6 + entries.length * 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(entries.length, 4);
  let offset = header.length;
  entries.forEach(([size, data], i) => {
    const e = 6 + i * 16;
    header[e] = size >= 256 ? 0 : size;
    header[e + 1] = size >= 256 ? 0 : size;
    header.writeUInt16LE(1, e + 4);
    header.writeUInt16LE(32, e + 6);
    header.writeUInt32LE(data.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...entries.map(([, d]) => d)]);
}

/** ICNS with PNG entries (types from Apple's icns format: icp4 16 … ic10 1024). */
function icns(pngs) {
  const types = { 16: 'icp4', 32: 'icp5', 64: 'icp6', 128: 'ic07', 256: 'ic08', 512: 'ic09', 1024: 'ic10' };
  const parts = Object.entries(types).map(([size, type]) => {
    const data = pngs.get(Number(size));
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + parts.reduce((n, p) => n + p.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

export const APP_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

mkdirSync(join(out, 'icons'), { recursive: true });
mkdirSync(join(out, 'tray'), { recursive: true });
const pngs = new Map();
for (const size of APP_SIZES) {
  const data = png(size, render(size, appLayers()));
  pngs.set(size, data);
  // electron-builder's Linux icon folder wants <size>x<size>.png.
  writeFileSync(join(out, 'icons', `${size}x${size}.png`), data);
}
writeFileSync(join(out, 'icon.png'), pngs.get(1024));
writeFileSync(join(out, 'icon.ico'), ico([16, 24, 32, 48, 64, 128, 256].map((s) => [s, pngs.get(s)])));
writeFileSync(join(out, 'icon.icns'), icns(pngs));
for (const state of Object.keys(STATUS_COLOURS)) {
  writeFileSync(join(out, 'tray', `tray-${state}.png`), png(16, render(16, trayLayers(state))));
  // Electron picks @2x automatically on high-DPI screens.
  writeFileSync(join(out, 'tray', `tray-${state}@2x.png`), png(32, render(32, trayLayers(state))));
}
console.log(`icons written to ${out}`);
