/**
 * The one interface every way of driving a scanner sits behind (issue #38): eSCL over HTTP(S) on every
 * system, SANE's `scanimage` on Linux, and later WIA/TWAIN on Windows (docs/scanning.md says how). The rest
 * of the app (scan sessions, capture, the CLI, the window) knows only this.
 *
 * A scan job hands out its pages as they arrive, one at a time, in scanner order: the caller writes each to
 * disk before it asks for the next, so a page that arrived is never only in memory when the scanner stops.
 * Trouble is a ScannerProblem with a code (shared/domain/scanning.ts) — after pages, too: the pages handed
 * out stay the caller's.
 */
import type {
  ScanRequest,
  ScannerCapabilities,
  ScannerInfo,
  ScannerProblemCode,
} from '../../../../shared/domain/scanning';
import { SCANNER_PROBLEM_TEXT } from '../../../../shared/domain/scanning';

/** One page as the scanner sent it: its bytes in the scanner's format (JPEG, PNG, PDF, TIFF). */
export interface ScannedPage {
  /** 0-based within the job. */
  index: number;
  bytes: Uint8Array;
  mediaType: 'image/jpeg' | 'image/png' | 'application/pdf' | 'image/tiff' | 'image/x-portable-anymap';
}

/** A scan job under way. */
export interface ScanJob {
  /** The pages as they arrive; ends when the feeder is empty (or the glass's one page is in). */
  pages(): AsyncIterable<ScannedPage>;
  /** Stops the job at the scanner (eSCL DELETE, SIGTERM to scanimage); pages still to come are not asked for. */
  cancel(): Promise<void>;
}

export interface ScannerBackend {
  readonly kind: ScannerInfo['backend'];
  /** Whether `id` is one of this backend's (`https://…`, `sane:…`). */
  owns(id: string): boolean;
  /** The scanners it can see now (mDNS, devices), plus those named by address. */
  list(signal?: AbortSignal): Promise<ScannerInfo[]>;
  capabilities(id: string, signal?: AbortSignal): Promise<ScannerCapabilities>;
  /** Starts a job; the first page's trouble (feeder empty, busy, …) comes from `pages()`. */
  scan(id: string, request: ScanRequest, signal?: AbortSignal): Promise<ScanJob>;
}

/** A scanner's trouble, by code; `message` is the English sentence plus what the scanner said. */
export class ScannerProblem extends Error {
  constructor(
    readonly code: ScannerProblemCode,
    readonly detail?: string,
  ) {
    super(detail ? `${SCANNER_PROBLEM_TEXT[code]} (${detail})` : SCANNER_PROBLEM_TEXT[code]);
    this.name = 'ScannerProblem';
  }
}

/**
 * The backend that owns `id`. None: a ScannerProblem('bad_address') — what the clerk typed is no address
 * any backend here takes (`a1`), or a kind this station cannot drive (`sane:…` where SANE is not installed);
 * not 'unsupported', which says the scanner lacks a setting (issue #48 item 4).
 */
export function backendFor(backends: readonly ScannerBackend[], id: string): ScannerBackend {
  const b = backends.find((x) => x.owns(id));
  if (!b) throw new ScannerProblem('scanner.bad_address', `no backend for ${id}`);
  return b;
}

/** The request fitted to what the scanner offers: the nearest resolution; refused when the source or colour is not offered. */
export function fitRequest(request: ScanRequest, caps: ScannerCapabilities): ScanRequest {
  if (!caps.sources.includes(request.source))
    throw new ScannerProblem(
      'scanner.unsupported',
      `source ${request.source} not offered (${caps.sources.join(', ')})`,
    );
  if (!caps.colors.includes(request.color))
    throw new ScannerProblem('scanner.unsupported', `colour ${request.color} not offered (${caps.colors.join(', ')})`);
  if (caps.resolutions.length === 0) return request;
  const dpi = caps.resolutions.reduce((best, r) =>
    Math.abs(r - request.dpi) < Math.abs(best - request.dpi) ? r : best,
  );
  return { ...request, dpi };
}
