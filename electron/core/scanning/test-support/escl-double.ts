/**
 * An eSCL scanner for tests, over real sockets (HTTP, or HTTPS with a self-signed certificate), following
 * the Mopria eSCL specification as scanners implement it: ScannerCapabilities, ScannerStatus (State,
 * AdfState, Jobs), POST ScanJobs → 201 + Location, GET NextDocument → a page (real image bytes, given by
 * the test) or 404 when the feeder is empty, DELETE of a job. A page comes after `pageIntervalMs` (the
 * scanner's own rate) and a not-yet-ready page is a 503, as real scanners answer.
 *
 * Faults, set by the test before or during a job: an empty feeder (ScanJobs 409 + ScannerAdfEmpty), a paper
 * jam after page n (503 + ScannerAdfJam, the job Aborted), the cover open (ScannerAdfDoorOpen), busy with
 * another job (ScanJobs 503, State Processing), gone mid-job (the socket closed, the server stops
 * listening), and a new certificate (`restartWithCertificate`).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { parseScanSettings } from '../escl/escl-messages';

export interface EsclDoubleOptions {
  /** Pages in the feeder, in order (JPEG/PNG/PDF bytes). */
  feeder?: Uint8Array[];
  /** The page on the glass. */
  platen?: Uint8Array;
  /** The media type the pages are served as. */
  mediaType?: string;
  /** Milliseconds per page (the scanner's own rate); default 0. */
  pageIntervalMs?: number;
  tls?: { key: string; cert: string };
  duplex?: boolean;
  /** The resolutions it offers (default 100, 200, 300, 600). */
  resolutions?: number[];
  /** The eSCL colour modes it offers (default BlackAndWhite1, Grayscale8, RGB24). */
  colorModes?: string[];
  makeAndModel?: string;
  /** What NextDocument answers once the feeder is empty after pages: 404 (the spec), or 409 as AirSane does. */
  feederEndStatus?: 404 | 409;
  /** Answer ScanJobs with 201 and NextDocument 404 for an empty feeder, instead of 409 (both are seen). */
  emptyFeederAcceptsJob?: boolean;
  port?: number;
}

type AdfState =
  'ScannerAdfLoaded' | 'ScannerAdfEmpty' | 'ScannerAdfJam' | 'ScannerAdfDoorOpen' | 'ScannerAdfProcessing';

interface DoubleJob {
  id: string;
  source: 'platen' | 'feeder' | 'duplex';
  dpi: number;
  color: string;
  format: string;
  served: number;
  state: 'Processing' | 'Completed' | 'Canceled' | 'Aborted';
  /** When the next page is ready. */
  readyAt: number;
}

export class EsclDouble {
  feeder: Uint8Array[];
  platen: Uint8Array | undefined;
  /** Settings of every job posted, for the tests to check. */
  readonly jobs: DoubleJob[] = [];
  readonly requests: string[] = [];
  private server: http.Server | undefined;
  private readonly sockets = new Set<Socket>();
  private jamAfterPages: number | undefined;
  private goneAfterPages: number | undefined;
  private coverOpen = false;
  /** A sheet is stuck until the clerk takes it out (clearJam). */
  private jammed = false;
  private otherJob = false;
  private deviceDown = false;
  private holdAfterPages: number | undefined;
  port = 0;

  constructor(private options: EsclDoubleOptions = {}) {
    this.feeder = [...(options.feeder ?? [])];
    this.platen = options.platen;
  }

  get url(): string {
    return `${this.options.tls ? 'https' : 'http'}://127.0.0.1:${this.port}/eSCL`;
  }

  async start(): Promise<this> {
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => void this.handle(req, res);
    const server = this.options.tls ? https.createServer(this.options.tls, handler) : http.createServer(handler);
    server.on('connection', (s: Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((r) => server.close(() => r()));
  }

  /** The same scanner at the same address, answering with another certificate (a swapped device). */
  async restartWithCertificate(tls: { key: string; cert: string }): Promise<void> {
    await this.stop();
    this.options = { ...this.options, tls, port: this.port };
    await this.start();
  }

  /**
   * The feeder holds after `pages` pages of a job ("not scanned yet", as a slow page is answered) until
   * `release()`: a test looks at the screen mid-scan without racing the scanner's pace.
   */
  holdAfter(pages: number) {
    this.holdAfterPages = pages;
  }
  release() {
    this.holdAfterPages = undefined;
  }

  /** Faults. */
  jamAfter(pages: number) {
    this.jamAfterPages = pages;
  }
  goneAfter(pages: number) {
    this.goneAfterPages = pages;
  }
  setCoverOpen(open: boolean) {
    this.coverOpen = open;
  }
  /** Another client's job is running: ScanJobs is answered 503 until it ends. */
  setBusy(busy: boolean) {
    this.otherJob = busy;
  }
  setDown(down: boolean) {
    this.deviceDown = down;
  }
  /** Clears a jam: the clerk took the sheet out. */
  clearJam() {
    this.jamAfterPages = undefined;
    this.jammed = false;
  }
  load(pages: Uint8Array[]) {
    this.feeder.push(...pages);
  }

  private adfState(): AdfState {
    if (this.coverOpen) return 'ScannerAdfDoorOpen';
    const job = this.running();
    if (this.jammed) return 'ScannerAdfJam';
    if (this.feeder.length === 0) return 'ScannerAdfEmpty';
    return job ? 'ScannerAdfProcessing' : 'ScannerAdfLoaded';
  }

  private running(): DoubleJob | undefined {
    return this.jobs.find((j) => j.state === 'Processing');
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    this.requests.push(`${req.method} ${url.pathname}`);
    const body = await new Promise<string>((resolve) => {
      let s = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (s += c));
      req.on('end', () => resolve(s));
    });
    const path = url.pathname.replace(/\/+$/, '');
    if (req.method === 'GET' && path === '/eSCL/ScannerCapabilities') return xml(res, 200, this.capabilities());
    if (req.method === 'GET' && path === '/eSCL/ScannerStatus') return xml(res, 200, this.status());
    if (req.method === 'POST' && path === '/eSCL/ScanJobs') return this.post(body, res);
    const m = /^\/eSCL\/ScanJobs\/([\w-]+)(\/NextDocument)?$/.exec(path);
    const job = m ? this.jobs.find((j) => j.id === m[1]) : undefined;
    if (!m || !job) return plain(res, 404);
    if (req.method === 'DELETE' && !m[2]) {
      if (job.state === 'Processing') job.state = 'Canceled';
      return plain(res, 200);
    }
    if (req.method === 'GET' && m[2]) return this.next(job, res);
    return plain(res, 405);
  }

  private post(body: string, res: http.ServerResponse) {
    let settings: ReturnType<typeof parseScanSettings>;
    try {
      settings = parseScanSettings(body);
    } catch {
      return plain(res, 400);
    }
    if (this.deviceDown) return plain(res, 503);
    if (this.otherJob || this.running()) return plain(res, 503);
    if (settings.source !== 'platen') {
      if (this.coverOpen) return plain(res, 409);
      if (this.feeder.length === 0 && !this.options.emptyFeederAcceptsJob) return plain(res, 409);
    }
    const job: DoubleJob = {
      id: randomUUID(),
      ...settings,
      served: 0,
      state: 'Processing',
      readyAt: Date.now() + (this.options.pageIntervalMs ?? 0),
    };
    this.jobs.push(job);
    // Spelt as scanners and AirSane send it: SANE's escl backend looks for "Location:" case-sensitively.
    res.writeHead(201, { Location: `${this.url}/ScanJobs/${job.id}` }).end();
  }

  private next(job: DoubleJob, res: http.ServerResponse) {
    if (job.state === 'Canceled' || job.state === 'Aborted') return plain(res, 404);
    if (this.goneAfterPages !== undefined && job.served >= this.goneAfterPages) {
      // The scanner is switched off mid-job: the connection closes without an answer, nobody listens.
      res.socket?.destroy();
      void this.stop();
      return;
    }
    if (job.source === 'platen') {
      if (job.served > 0 || !this.platen) return this.complete(job, res);
      job.served++;
      return page(res, this.platen, this.options.mediaType);
    }
    if (this.coverOpen || (this.jamAfterPages !== undefined && job.served >= this.jamAfterPages)) {
      if (!this.coverOpen) this.jammed = true;
      job.state = 'Aborted';
      return plain(res, 503);
    }
    if (this.feeder.length === 0) return this.complete(job, res);
    const wait = job.readyAt - Date.now();
    const held = this.holdAfterPages !== undefined && job.served >= this.holdAfterPages;
    // Not scanned yet: "come back later", as scanners say it.
    if (wait > 0 || held) return plain(res, 503, { 'retry-after': '1' });
    const bytes = this.feeder.shift()!;
    job.served++;
    job.readyAt = Date.now() + (this.options.pageIntervalMs ?? 0);
    page(res, bytes, this.options.mediaType);
  }

  private complete(job: DoubleJob, res: http.ServerResponse) {
    job.state = 'Completed';
    plain(res, job.served > 0 ? (this.options.feederEndStatus ?? 404) : 404);
  }

  private capabilities(): string {
    const caps = (name: string) => `
      <scan:${name}>
        <scan:MinWidth>16</scan:MinWidth><scan:MaxWidth>2550</scan:MaxWidth>
        <scan:MinHeight>16</scan:MinHeight><scan:MaxHeight>3508</scan:MaxHeight>
        <scan:SettingProfiles><scan:SettingProfile>
          <scan:ColorModes>${(this.options.colorModes ?? ['BlackAndWhite1', 'Grayscale8', 'RGB24']).map((m) => `<scan:ColorMode>${m}</scan:ColorMode>`).join('')}</scan:ColorModes>
          <scan:DocumentFormats><pwg:DocumentFormat>${this.options.mediaType ?? 'image/jpeg'}</pwg:DocumentFormat><scan:DocumentFormatExt>${this.options.mediaType ?? 'image/jpeg'}</scan:DocumentFormatExt></scan:DocumentFormats>
          <scan:SupportedResolutions><scan:DiscreteResolutions>
            ${(this.options.resolutions ?? [100, 200, 300, 600]).map((d) => `<scan:DiscreteResolution><scan:XResolution>${d}</scan:XResolution><scan:YResolution>${d}</scan:YResolution></scan:DiscreteResolution>`).join('')}
          </scan:DiscreteResolutions></scan:SupportedResolutions>
        </scan:SettingProfile></scan:SettingProfiles>
      </scan:${name}>`;
    return `<?xml version="1.0" encoding="UTF-8"?>
<scan:ScannerCapabilities xmlns:scan="http://schemas.hp.com/imaging/escl/2011/05/03" xmlns:pwg="http://www.pwg.org/schemas/2010/12/sm">
  <pwg:Version>2.63</pwg:Version>
  <pwg:MakeAndModel>${this.options.makeAndModel ?? 'Intake Test Scanner'}</pwg:MakeAndModel>
  <scan:UUID>4509a320-00a0-008f-00b6-002507510eca</scan:UUID>
  <scan:Platen>${caps('PlatenInputCaps')}</scan:Platen>
  <scan:Adf>${caps('AdfSimplexInputCaps')}${this.options.duplex === false ? '' : caps('AdfDuplexInputCaps')}
    <scan:FeederCapacity>50</scan:FeederCapacity>
    <scan:AdfOptions><scan:AdfOption>DetectPaperLoaded</scan:AdfOption>${this.options.duplex === false ? '' : '<scan:AdfOption>Duplex</scan:AdfOption>'}</scan:AdfOptions>
  </scan:Adf>
</scan:ScannerCapabilities>`;
  }

  private status(): string {
    const running = this.running();
    const state = this.deviceDown ? 'Down' : running || this.otherJob ? 'Processing' : 'Idle';
    const jobs = this.jobs
      .map(
        (j) =>
          `<scan:JobInfo><pwg:JobUri>/eSCL/ScanJobs/${j.id}</pwg:JobUri><pwg:JobUuid>${j.id}</pwg:JobUuid><pwg:JobState>${j.state}</pwg:JobState><pwg:ImagesCompleted>${j.served}</pwg:ImagesCompleted><pwg:JobStateReasons><pwg:JobStateReason>${j.state === 'Completed' ? 'JobCompletedSuccessfully' : 'JobScanning'}</pwg:JobStateReason></pwg:JobStateReasons></scan:JobInfo>`,
      )
      .join('');
    return `<?xml version="1.0" encoding="UTF-8"?>
<scan:ScannerStatus xmlns:scan="http://schemas.hp.com/imaging/escl/2011/05/03" xmlns:pwg="http://www.pwg.org/schemas/2010/12/sm">
  <pwg:Version>2.63</pwg:Version>
  <pwg:State>${state}</pwg:State>
  <scan:AdfState>${this.adfState()}</scan:AdfState>
  <scan:Jobs>${jobs}</scan:Jobs>
</scan:ScannerStatus>`;
  }
}

function xml(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/xml' }).end(body);
}
function plain(res: http.ServerResponse, status: number, headers: http.OutgoingHttpHeaders = {}) {
  res.writeHead(status, headers).end();
}
function page(res: http.ServerResponse, bytes: Uint8Array, mediaType = 'image/jpeg') {
  res.writeHead(200, { 'content-type': mediaType, 'content-length': bytes.length }).end(bytes);
}

/** A self-signed certificate for 127.0.0.1 made by openssl (the test removes `dir`). */
export async function selfSignedCertificate(dir: string, name = 'scanner'): Promise<{ key: string; cert: string }> {
  const { execFile } = await import('node:child_process');
  const { readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const key = join(dir, `${name}.key`);
  const cert = join(dir, `${name}.crt`);
  await new Promise<void>((resolve, reject) =>
    execFile(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        `/CN=${name}`,
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      (e) => (e ? reject(e) : resolve()),
    ),
  );
  return { key: await readFile(key, 'utf8'), cert: await readFile(cert, 'utf8') };
}
