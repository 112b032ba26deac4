import { z } from 'zod';

/**
 * Scanning from the desk (issue #38): the words a scanner, a scan request and a scanner's trouble are
 * spoken in, shared by the core (electron/core/scanning), the agent's CLI and the window. Pure types.
 */

/** Where the paper lies: the glass, the feeder one side, the feeder both sides. */
export const SCAN_SOURCES = ['platen', 'feeder', 'duplex'] as const;
export type ScanSource = (typeof SCAN_SOURCES)[number];

/** Colour: full colour, 8-bit grey, black and white (1 bit). */
export const SCAN_COLORS = ['color', 'gray', 'bw'] as const;
export type ScanColor = (typeof SCAN_COLORS)[number];

/** The protocols a scanner is driven by. WIA/TWAIN would be two more (docs/scanning.md). */
export type ScannerBackendKind = 'escl' | 'sane';

/** A scanner the station can use: found on the network, named by address, or a SANE device. */
export const ScannerInfoSchema = z.object({
  /** `https://host:port/eSCL` or `sane:DEVICE`: what `--scanner` takes and a scan profile remembers. */
  id: z.string().min(1),
  name: z.string(),
  backend: z.enum(['escl', 'sane']),
  /** How the station knows it. */
  via: z.enum(['mdns', 'address', 'settings', 'sane']),
});
export type ScannerInfo = z.infer<typeof ScannerInfoSchema>;

/**
 * A scanner the station is given by address (issue #38): an eSCL root, `http(s)://host[:port]/eSCL`, and the
 * name the picker shows. Deployed in the settings file (`scanners`, lockable machine-wide): mDNS does not
 * cross subnets and is often blocked on office networks, the address always works.
 */
export const ScannerAddressSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'a scanner address is an http(s) URL, e.g. https://192.168.1.20/eSCL' }),
  name: z.string().trim().min(1).max(200).optional(),
});
export type ScannerAddress = z.infer<typeof ScannerAddressSchema>;

export const ScannerCapabilitiesSchema = z.object({
  makeAndModel: z.string(),
  sources: z.array(z.enum(SCAN_SOURCES)),
  /** Resolutions (DPI) offered, ascending. */
  resolutions: z.array(z.number().int().positive()),
  colors: z.array(z.enum(SCAN_COLORS)),
  /** Media types the scanner can send pages in (image/jpeg, application/pdf, …). */
  formats: z.array(z.string()),
});
export type ScannerCapabilities = z.infer<typeof ScannerCapabilitiesSchema>;

/** What the clerk (or `intake-agent scan`) asks for. */
/**
 * The resolutions a scan may ask for. A scanner that says it can do less or more (SANE's test device: any
 * of 1..1200) is offered only these (issue #48 item 4: "1 dpi" was offered, and no clerk wants it).
 */
export const SCAN_DPI = { min: 75, max: 1200 } as const;
export const scannableResolutions = (dpis: Iterable<number>): number[] =>
  [...new Set(dpis)].filter((d) => d >= SCAN_DPI.min && d <= SCAN_DPI.max).sort((a, b) => a - b);

export const ScanRequestSchema = z.object({
  source: z.enum(SCAN_SOURCES).default('feeder'),
  dpi: z.number().int().min(SCAN_DPI.min).max(SCAN_DPI.max).default(300),
  color: z.enum(SCAN_COLORS).default('gray'),
});
export type ScanRequest = z.infer<typeof ScanRequestSchema>;

/**
 * A scanner's trouble, by code (sentences en/de: renderer/i18n/scanner-messages.ts, the CLI prints the code
 * and the English sentence). Every fault the issue names has one.
 */
export const SCANNER_PROBLEMS = [
  'scanner.feeder_empty',
  'scanner.jam',
  'scanner.cover_open',
  'scanner.busy',
  'scanner.gone',
  'scanner.wrong_certificate',
  'scanner.unreachable',
  'scanner.unsupported',
  'scanner.bad_address',
  'scanner.failed',
  'scanner.cancelled',
] as const;
export type ScannerProblemCode = (typeof SCANNER_PROBLEMS)[number];

/** English sentences for logs and the CLI's JSON error line; the window has its own en/de catalog. */
export const SCANNER_PROBLEM_TEXT: Record<ScannerProblemCode, string> = {
  'scanner.feeder_empty': 'The feeder is empty: put the pages in the feeder and scan again.',
  'scanner.jam': 'Paper jam: take the jammed sheet out of the scanner, then scan more into this batch.',
  'scanner.cover_open': 'The scanner’s cover is open: close it, then scan again.',
  'scanner.busy': 'The scanner is busy with another job: wait a moment and scan again.',
  'scanner.gone': 'The scanner stopped answering in the middle of the scan: the pages that arrived are kept.',
  'scanner.wrong_certificate':
    'The scanner answered with a different certificate than the one it had before: this may not be your scanner. An administrator must confirm the new certificate.',
  'scanner.unreachable': 'The scanner cannot be reached: is it switched on and on the network?',
  'scanner.unsupported': 'The scanner does not offer these settings (source, resolution or colour).',
  'scanner.bad_address':
    'This is not a scanner address: a network scanner’s address starts with https:// or http://, e.g. https://192.168.1.20/eSCL.',
  'scanner.failed': 'The scanner reported an error.',
  'scanner.cancelled': 'The scan was cancelled.',
};

/** A scan's state as the inbox shows it in the batch's progress row. */
export const ScanProgressSchema = z.object({
  /** The capture batch the pages go into. */
  batchId: z.string(),
  scanner: z.string(),
  state: z.enum(['scanning', 'stopped', 'finished']),
  /** Pages scanned so far into this batch. */
  pages: z.number().int().nonnegative(),
  problem: z.enum(SCANNER_PROBLEMS).optional(),
});
export type ScanProgress = z.infer<typeof ScanProgressSchema>;
