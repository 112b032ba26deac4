/**
 * eSCL (AirScan / Mopria), the driverless protocol of current network scanners, as a ScannerBackend. A
 * scanner's id is its eSCL root URL (`https://192.168.1.20/eSCL`). A job, as the scanners and sane-airscan
 * (airscan-escl.c) do it:
 *
 *   POST ScanJobs (ScanSettings) → 201 + Location   GET {job}/NextDocument → 200 page … 404 = no more pages
 *   503 = not ready yet (retried after a pause)     any other trouble: ScannerStatus says why (AdfState)
 *   DELETE {job} when cancelled or failed
 *
 * The feeder's trouble is read from ScannerStatus's AdfState (ScannerAdfEmpty, ScannerAdfJam,
 * ScannerAdfDoorOpen), the device's from its State; a socket that closes after the job began is "gone".
 */
import type { ScanRequest, ScannerCapabilities, ScannerInfo } from '../../../../shared/domain/scanning';
import type { ScanJob, ScannedPage, ScannerBackend } from '../backend/scanner-backend';
import { fitRequest, ScannerProblem } from '../backend/scanner-backend';
import type { CertificatePins } from './certificate-pins';
import type { EsclResponse } from './escl-http';
import { EsclConnectionError, esclRequest, MAX_PAGE_BYTES } from './escl-http';
import type { EsclCapabilities, EsclStatus } from './escl-messages';
import { parseCapabilities, parseStatus, scanSettingsXml } from './escl-messages';
import { XmlError } from './escl-xml';

export interface EsclBackendOptions {
  pins: CertificatePins;
  /** Scanners named by address (the station's and the administrator's settings). */
  addresses?: () => readonly { url: string; name?: string; via: 'address' | 'settings' }[];
  /** mDNS discovery (escl-discovery.ts); none in tests that do not need it. */
  discover?: (signal?: AbortSignal) => Promise<ScannerInfo[]>;
  /** How often a 503 is tried again, and the pause (sane-airscan: 30 tries, 1 s). */
  retries?: number;
  retryPauseMs?: number;
  /** How long NextDocument may answer 503 (page not ready) before the job counts as stuck (default 60 s). */
  pageWaitMs?: number;
  timeoutMs?: number;
}

const XML_LIMIT = 512 * 1024;
/** How often a page that is not ready yet is asked for again. */
const PAGE_POLL_MS = 150;

/** `https://host:631/eSCL/` → `https://host:631/eSCL`; refuses what is no http(s) URL. */
export function esclRoot(id: string): URL {
  let url: URL;
  try {
    url = new URL(id);
  } catch {
    throw new ScannerProblem('scanner.unsupported', `not a scanner address: ${id}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ScannerProblem('scanner.unsupported', `not an eSCL address: ${id}`);
  url.pathname = url.pathname.replace(/\/+$/, '') || '/eSCL';
  url.search = '';
  url.hash = '';
  return url;
}

const under = (root: URL, path: string) => new URL(`${root.pathname}/${path}`, root);

const PAGE_TYPES: Record<string, ScannedPage['mediaType']> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'application/pdf': 'application/pdf',
  'image/tiff': 'image/tiff',
};

/** The page's format by its bytes (a scanner's Content-Type is not always right); refused when unknown. */
export function pageType(bytes: Uint8Array): ScannedPage['mediaType'] | undefined {
  const b = bytes;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46) return 'application/pdf';
  if ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a) || (b[0] === 0x4d && b[1] === 0x4d && b[3] === 0x2a))
    return 'image/tiff';
  return undefined;
}

export class EsclBackend implements ScannerBackend {
  readonly kind = 'escl' as const;

  constructor(private readonly options: EsclBackendOptions) {}

  owns(id: string): boolean {
    return /^https?:\/\//i.test(id);
  }

  async list(signal?: AbortSignal): Promise<ScannerInfo[]> {
    const found = new Map<string, ScannerInfo>();
    for (const a of this.options.addresses?.() ?? []) {
      const id = esclRoot(a.url).href;
      found.set(id, { id, name: a.name ?? id, backend: 'escl', via: a.via });
    }
    for (const s of (await this.options.discover?.(signal).catch(() => [])) ?? [])
      if (!found.has(s.id)) found.set(s.id, s);
    return [...found.values()];
  }

  async capabilities(id: string, signal?: AbortSignal): Promise<EsclCapabilities> {
    const res = await this.exchange(under(esclRoot(id), 'ScannerCapabilities'), 'GET', undefined, signal);
    if (res.status !== 200) throw new ScannerProblem('scanner.failed', `ScannerCapabilities answered ${res.status}`);
    return readXml(() => parseCapabilities(xmlText(res)));
  }

  async status(id: string, signal?: AbortSignal): Promise<EsclStatus> {
    const res = await this.exchange(under(esclRoot(id), 'ScannerStatus'), 'GET', undefined, signal);
    if (res.status !== 200) throw new ScannerProblem('scanner.failed', `ScannerStatus answered ${res.status}`);
    return readXml(() => parseStatus(xmlText(res)));
  }

  async scan(id: string, request: ScanRequest, signal?: AbortSignal): Promise<ScanJob> {
    const root = esclRoot(id);
    const caps = await this.capabilities(id, signal);
    const fitted = fitRequest(request, caps satisfies ScannerCapabilities);
    const body = scanSettingsXml(caps, fitted);
    for (let attempt = 0; ; attempt++) {
      const res = await this.exchange(under(root, 'ScanJobs'), 'POST', body, signal);
      if (res.status === 201) {
        const location = res.headers.location;
        if (!location) throw new ScannerProblem('scanner.failed', 'ScanJobs answered without a Location');
        // The scanner may not know its own host name (sane-airscan): keep ours, take its path.
        const job = new URL(new URL(location, root).pathname.replace(/\/+$/, ''), root);
        return new EsclJob(this, root, job, fitted, signal);
      }
      const why = await this.whyNot(root, res.status, signal);
      if (why) throw why;
      if (res.status === 503 && attempt < this.retries()) {
        await pause(this.options.retryPauseMs ?? 1000, signal);
        continue;
      }
      if (res.status === 503) throw new ScannerProblem('scanner.busy', 'ScanJobs answered 503');
      if (res.status === 409 && fitted.source !== 'platen') throw new ScannerProblem('scanner.feeder_empty');
      throw new ScannerProblem('scanner.failed', `ScanJobs answered ${res.status}`);
    }
  }

  retries(): number {
    return this.options.retries ?? 30;
  }

  /** How long a page may answer "not ready" (503) before the scanner counts as busy. */
  pageWaitMs(): number {
    return this.options.pageWaitMs ?? 60_000;
  }

  /** The scanner's own reason for a failed exchange (feeder empty, jam, cover open, busy), if it gives one. */
  async whyNot(root: URL, httpStatus: number, signal?: AbortSignal): Promise<ScannerProblem | undefined> {
    const s = await this.status(root.href, signal).catch((e: unknown) => {
      if (e instanceof ScannerProblem && e.code === 'scanner.wrong_certificate') throw e;
      return undefined;
    });
    switch (s?.adfState) {
      case 'ScannerAdfJam':
      case 'ScannerAdfMispick':
      case 'ScannerAdfMultipickDetected':
        return new ScannerProblem('scanner.jam', `${s.adfState}, HTTP ${httpStatus}`);
      case 'ScannerAdfDoorOpen':
      case 'ScannerAdfHatchOpen':
        return new ScannerProblem('scanner.cover_open', `${s.adfState}, HTTP ${httpStatus}`);
      case 'ScannerAdfEmpty':
        return httpStatus === 503 ? undefined : new ScannerProblem('scanner.feeder_empty', s.adfState);
    }
    if (s?.state === 'Down' || s?.state === 'Stopped')
      return new ScannerProblem('scanner.failed', `scanner ${s.state}, HTTP ${httpStatus}`);
    return undefined;
  }

  /** One exchange; socket trouble before a job is "cannot be reached". */
  async exchange(
    url: URL,
    method: 'GET' | 'POST' | 'DELETE',
    body?: string,
    signal?: AbortSignal,
    maxBytes = XML_LIMIT,
  ) {
    try {
      return await esclRequest(
        url,
        method,
        { pins: this.options.pins, ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}) },
        body,
        maxBytes,
        signal,
      );
    } catch (e) {
      if (e instanceof EsclConnectionError)
        throw new ScannerProblem('scanner.unreachable', `${url.host}: ${e.message}`);
      // The clerk's cancel, not a fault of the scanner.
      if (signal?.aborted) throw new ScannerProblem('scanner.cancelled');
      throw e;
    }
  }
}

class EsclJob implements ScanJob {
  private cancelled = false;
  private readonly controller = new AbortController();

  constructor(
    private readonly backend: EsclBackend,
    private readonly root: URL,
    private readonly job: URL,
    private readonly request: ScanRequest,
    signal?: AbortSignal,
  ) {
    // Cancelled while the scanner was making the job: the job exists there, so it is deleted at once (an
    // aborted signal fires no 'abort' event any more).
    if (signal?.aborted) void this.cancel();
    else signal?.addEventListener('abort', () => void this.cancel(), { once: true });
  }

  async *pages(): AsyncGenerator<ScannedPage> {
    let index = 0;
    let waitingSince = 0;
    const next = new URL(`${this.job.pathname}/NextDocument`, this.job);
    try {
      for (;;) {
        if (this.cancelled) throw new ScannerProblem('scanner.cancelled');
        let res: EsclResponse;
        try {
          res = await this.backend.exchange(next, 'GET', undefined, this.controller.signal, MAX_PAGE_BYTES);
        } catch (e) {
          if (this.cancelled) throw new ScannerProblem('scanner.cancelled');
          // The job was running: a closed socket or a refused connection now means the scanner went away.
          if (e instanceof ScannerProblem && e.code === 'scanner.unreachable')
            throw new ScannerProblem('scanner.gone', e.detail);
          throw e;
        }
        if (res.status === 200) {
          waitingSince = 0;
          const mediaType = pageType(res.body);
          if (!mediaType || !PAGE_TYPES[mediaType])
            throw new ScannerProblem('scanner.failed', `page ${index + 1} is not an image the app reads`);
          yield {
            index: index++,
            bytes: new Uint8Array(res.body.buffer, res.body.byteOffset, res.body.length),
            mediaType,
          };
          continue;
        }
        if (res.status === 404 || res.status === 410) {
          // No more pages. None at all from the feeder: the scanner says why (usually: empty).
          if (index === 0 && this.request.source !== 'platen') {
            const why = await this.backend.whyNot(this.root, res.status).catch(() => undefined);
            throw why ?? new ScannerProblem('scanner.feeder_empty');
          }
          return;
        }
        const why = await this.backend.whyNot(this.root, res.status).catch((e: unknown) => {
          if (e instanceof ScannerProblem && e.code === 'scanner.unreachable')
            throw new ScannerProblem('scanner.gone', e.detail);
          throw e;
        });
        // AirSane (over SANE) ends a feeder batch with 409 instead of 404: after pages, with nothing wrong in
        // ScannerStatus (or the feeder empty), it is the batch's end, not trouble.
        const fed = index > 0 && this.request.source !== 'platen';
        if (res.status === 409 && fed && (!why || why.code === 'scanner.feeder_empty')) return;
        if (why) throw why;
        // Not scanned yet: asked again shortly (a page is picked up within PAGE_POLL_MS of being ready), for
        // as long as a slow scanner may take to warm up and feed a sheet.
        waitingSince ||= Date.now();
        if (res.status === 503 && Date.now() - waitingSince < this.backend.pageWaitMs()) {
          await pause(PAGE_POLL_MS, this.controller.signal).catch(() => undefined);
          continue;
        }
        throw new ScannerProblem(
          res.status === 503 ? 'scanner.busy' : 'scanner.failed',
          `NextDocument answered ${res.status}`,
        );
      }
    } catch (e) {
      // A job that failed is taken off the scanner, so the next one is not "busy".
      if (!(e instanceof ScannerProblem && e.code === 'scanner.gone')) await this.delete();
      throw e;
    }
  }

  async cancel(): Promise<void> {
    if (this.cancelled) return;
    this.cancelled = true;
    this.controller.abort();
    await this.delete();
  }

  private async delete(): Promise<void> {
    await this.backend.exchange(this.job, 'DELETE').catch(() => undefined);
  }
}

function xmlText(res: EsclResponse): string {
  return res.body.toString('utf8');
}

function readXml<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof XmlError || (e instanceof Error && e.name === 'ZodError'))
      throw new ScannerProblem('scanner.failed', e.message);
    throw e;
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ScannerProblem('scanner.cancelled'));
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(new ScannerProblem('scanner.cancelled'));
      },
      { once: true },
    );
  });
}
