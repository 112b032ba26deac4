/**
 * The blind letter sets of issue #47 (test/fixtures/blind-letters, frozen) made into scanners' files: each
 * `letter.html` is printed to an A4 PDF by Debian's Chromium (playwright-core, as the e2e harness launches
 * it), rasterised by pdftoppm at the scan's dpi and then scanned as its `scan.json` says, with sharp: grey,
 * bitonal (a threshold) or colour, a slight skew on white, a quarter turn, light seeded noise. The result is
 * an image-only PDF (one page image per A4 page, JPEG or CCITT G4, no text layer), as a scanner's "scan to
 * PDF" gives.
 *
 * Deterministic: the noise is seeded by the letter's hash, so the same letter gives the same file. Made
 * files are cached by that hash (the letter, its scan.json and SCAN_RECIPE) in a temp folder, so a second
 * run of the bench reuses them. The fixtures are only read, never written.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { z } from 'zod';

const run = promisify(execFile);

export const BLIND_LETTERS_DIR = resolve(import.meta.dirname, '../../../../test/fixtures/blind-letters');
export const BLIND_SETS = ['set-a', 'set-b', 'set-c', 'set-d', 'set-e', 'set-f'] as const;
export type BlindSet = (typeof BLIND_SETS)[number];

/** Bump when the way a scan is made changes, so cached files made the old way are not used. */
export const SCAN_RECIPE = 2;

export const ScanSpecSchema = z.object({
  dpi: z.number().int().min(72).max(600),
  mode: z.enum(['grey', 'bitonal', 'colour']),
  rotate: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
  skewDegrees: z.number().min(-10).max(10),
  noise: z.number().min(0).max(1),
});
export type ScanSpec = z.infer<typeof ScanSpecSchema>;

/** The schema's eleven paths, as truth.json names them. */
export const TRUTH_PATHS = [
  'policyNumber',
  'accidentDate',
  'caseType',
  'damageCause',
  'estimatedAmount',
  'description',
  'claimant.firstName',
  'claimant.lastName',
  'damageAddress.street',
  'damageAddress.postalCode',
  'damageAddress.city',
] as const;
export type TruthPath = (typeof TRUTH_PATHS)[number];

export const TruthSchema = z.object({
  language: z.string(),
  kind: z.string(),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  claimantRole: z.string().optional(),
  notes: z.string().optional(),
});
export type Truth = z.infer<typeof TruthSchema>;

export interface BlindLetter {
  set: BlindSet;
  /** The letter's folder name ("017"). */
  id: string;
  dir: string;
  html: string;
  scan: ScanSpec;
  truth: Truth;
  /** sha256 of the letter, its scan.json and SCAN_RECIPE: the cache key and the noise's seed. */
  hash: string;
}

export function blindLetters(set: BlindSet, root = BLIND_LETTERS_DIR): BlindLetter[] {
  const setDir = join(root, set);
  return readdirSync(setDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((id) => {
      const dir = join(setDir, id);
      const html = readFileSync(join(dir, 'letter.html'), 'utf8');
      const scanText = readFileSync(join(dir, 'scan.json'), 'utf8');
      const scan = ScanSpecSchema.parse(JSON.parse(scanText));
      const truth = TruthSchema.parse(JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8')));
      const hash = createHash('sha256').update(`${SCAN_RECIPE}\n${scanText}\n${html}`).digest('hex');
      return { set, id, dir, html, scan, truth, hash };
    });
}

/** Debian's Chromium, launched as test/e2e/harness.ts launches it (quiet on a closed network, as root). */
export async function launchPrinter(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** The letter printed to an A4 PDF, as the author laid it out (their @page and page breaks). */
export async function printLetter(browser: Browser, html: string): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    // The letters are self-contained (fonts by name from the system): nothing to load from a network.
    await page.setContent(html, { waitUntil: 'load' });
    return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  } finally {
    await page.close();
  }
}

/** mulberry32: a small seeded generator, so the same letter always gets the same noise. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A scanned page as the scanner stores it: JPEG for grey and colour, CCITT G4 TIFF for bitonal. */
export interface ScannedPage {
  kind: 'jpeg' | 'g4-tiff';
  bytes: Buffer;
}

/**
 * One rasterised page (a PNG from pdftoppm) scanned as `spec` says. The steps, in a scanner's order: colour
 * model, noise (sensor grain for grey/colour; dust specks for bitonal, after the threshold), skew (the sheet
 * fed askew, white around it), then the quarter turn (the sheet put in turned).
 */
export async function scanPage(png: Buffer, spec: ScanSpec, seed: number): Promise<ScannedPage> {
  const rand = seeded(seed);
  const colour = spec.mode === 'colour';
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .toColourspace(colour ? 'srgb' : 'b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const px = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  if (spec.mode === 'bitonal') {
    // A scanner's fixed threshold, then dust: a black speck here and there, a white hole in a stroke.
    for (let i = 0; i < px.length; i++) px[i] = px[i]! < 150 ? 0 : 255;
    const specks = Math.round(px.length * spec.noise * 0.002);
    for (let k = 0; k < specks; k++) {
      const i = Math.floor(rand() * px.length);
      px[i] = px[i] === 0 ? 255 : 0;
    }
  } else {
    // Grain: ± up to noise × 60 levels on every sample (a uniform sum of two, roughly bell-shaped).
    const amp = spec.noise * 60;
    for (let i = 0; i < px.length; i++) px[i] = px[i]! + (rand() + rand() - 1) * amp;
  }
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const pixels = Buffer.from(px.buffer, px.byteOffset, px.length);
  let img = sharp(pixels, raw);
  const background = { r: 255, g: 255, b: 255 };
  // Each step written out (lossless, quick): sharp applies one rotation per pipeline.
  if (spec.skewDegrees !== 0)
    img = sharp(await img.rotate(spec.skewDegrees, { background }).png({ compressionLevel: 1 }).toBuffer());
  if (spec.rotate !== 0) img = sharp(await img.rotate(spec.rotate).png({ compressionLevel: 1 }).toBuffer());
  if (spec.mode === 'bitonal') {
    // The skew's interpolation greys the edges: back to two levels, stored as a G4 TIFF as scanners do.
    const mm = spec.dpi / 25.4;
    const bytes = await img
      .toColourspace('b-w')
      .threshold(128)
      .tiff({ compression: 'ccittfax4', bitdepth: 1, xres: mm, yres: mm })
      .toBuffer();
    return { kind: 'g4-tiff', bytes };
  }
  const out = colour ? img : img.toColourspace('b-w');
  return { kind: 'jpeg', bytes: await out.jpeg({ quality: 80 }).toBuffer() };
}

/** Scanned pages → an image-only PDF, each page the size the image has at `dpi` (A4 stays A4). */
export async function imagePdf(pages: readonly ScannedPage[], dpi: number): Promise<Buffer> {
  // No creation date or producer: the same letter gives the same bytes.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  for (const page of pages) {
    if (page.kind === 'jpeg') {
      // The JPEG goes in as it is (DCTDecode): no decoding, as a scanner's PDF holds it.
      const image = await pdf.embedJpg(page.bytes);
      const w = (image.width * 72) / dpi;
      const h = (image.height * 72) / dpi;
      pdf.addPage([w, h]).drawImage(image, { x: 0, y: 0, width: w, height: h });
    } else {
      // pdf-lib has no CCITT encoder: tiff2pdf (libtiff) wraps the G4 data as it is, its page is copied.
      const one = await PDFDocument.load(await tiffToPdf(page.bytes));
      const [copied] = await pdf.copyPages(one, [0]);
      pdf.addPage(copied);
    }
  }
  return Buffer.from(await pdf.save());
}

async function tiffToPdf(tiff: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'blind-g4-'));
  try {
    await writeFile(join(dir, 'p.tif'), tiff);
    await run('tiff2pdf', ['-o', 'p.pdf', 'p.tif'], { cwd: dir });
    return await readFile(join(dir, 'p.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The rasterised pages of a PDF at `dpi` (pdftoppm, poppler-utils). */
export async function rasterise(pdf: Buffer, dpi: number, colour: boolean): Promise<Buffer[]> {
  const dir = await mkdtemp(join(tmpdir(), 'blind-raster-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-r', String(dpi), ...(colour ? [] : ['-gray']), '-png', 'in.pdf', 'p'], { cwd: dir });
    const names = (await readdir(dir)).filter((n) => /^p-\d+\.png$/.test(n)).sort();
    return Promise.all(names.map((n) => readFile(join(dir, n))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const DEFAULT_SCAN_CACHE = join(tmpdir(), 'intake-blind-scans');

/**
 * The letter's scan (an image-only PDF), from the cache when it was made before; else printed with
 * `browser()` (launched only when a letter needs making), scanned and cached. Returns the file's path.
 */
export async function blindScan(
  letter: BlindLetter,
  browser: () => Promise<Browser>,
  cacheDir = DEFAULT_SCAN_CACHE,
): Promise<string> {
  const path = join(cacheDir, `${letter.hash.slice(0, 32)}.pdf`);
  if (existsSync(path)) return path;
  mkdirSync(cacheDir, { recursive: true });
  const printed = await printLetter(await browser(), letter.html);
  const pages = await rasterise(printed, letter.scan.dpi, letter.scan.mode === 'colour');
  const seed = Number.parseInt(letter.hash.slice(0, 8), 16);
  const scanned: ScannedPage[] = [];
  for (const [i, page] of pages.entries()) scanned.push(await scanPage(page, letter.scan, seed + i));
  const pdf = await imagePdf(scanned, letter.scan.dpi);
  // Written beside, then renamed: a run stopped half-way leaves no half file in the cache.
  const part = `${path}.${process.pid}.part`;
  writeFileSync(part, pdf);
  renameSync(part, path);
  return path;
}
