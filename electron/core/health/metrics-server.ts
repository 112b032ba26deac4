import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { DOCUMENT_STATES } from '../../../shared/domain/document';
import { loopbackHostAllowed } from '../util/loopback-host';
import { StorageCodeSchema } from '../../../shared/domain/queue';
import type { StationMonitor } from './station-monitor';

/** What the metrics read: a running agent's monitor, or a stopped agent's fixed report. */
export type MetricsSource = Pick<StationMonitor, 'status' | 'counters'> & Partial<Pick<StationMonitor, 'freshStatus'>>;

/**
 * The station's figures in Prometheus text format, so IT watches stations with the tools it already runs.
 * Opt-in (`--metrics-port N`), on loopback only: a node exporter or agent on the station scrapes it and
 * nothing on the network can. Every figure is read from the monitor at scrape time.
 */
export function createMetricsRegistry(monitor: MetricsSource): Registry {
  const registry = new Registry();
  const current = () => monitor.status();
  // process_* and nodejs_* (memory, CPU, open files, event-loop lag), as every Node exporter has them.
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'intake_build_info',
    help: 'The agent build: always 1, with its version and commit as labels (commit "unknown": none recorded).',
    labelNames: ['version', 'commit'],
    registers: [registry],
    collect() {
      this.reset();
      const { version, commit } = current();
      this.set({ version, commit: commit ?? 'unknown' }, 1);
    },
  });
  new Gauge({
    name: 'intake_agent_stopped',
    help: '1 while the agent waits, stopped on a configuration error (status says why; --service only).',
    registers: [registry],
    collect() {
      this.set(current().stopped ? 1 : 0);
    },
  });
  new Gauge({
    name: 'intake_agent_stop_reason',
    help: 'While the agent is stopped: 1, with the code of the configuration error as a label.',
    labelNames: ['code'],
    registers: [registry],
    collect() {
      this.reset();
      const stopped = current().stopped;
      if (stopped) this.set({ code: stopped.code }, 1);
    },
  });
  new Gauge({
    name: 'intake_queue_documents',
    help: 'Documents in the queue by state.',
    labelNames: ['state'],
    registers: [registry],
    // Read at scrape time, not the status's snapshot (refreshed at most every 250 ms after a change).
    async collect() {
      const { counts } = monitor.freshStatus ? await monitor.freshStatus() : current();
      for (const state of DOCUMENT_STATES) this.set({ state }, counts[state] ?? 0);
    },
  });
  const counter = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  counter('intake_uploads_total', 'Documents uploaded since the agent started.', () => monitor.counters.uploads);
  counter(
    'intake_upload_failures_total',
    'Documents that failed since the agent started.',
    () => monitor.counters.uploadFailures,
  );
  counter(
    'intake_uploaded_bytes_total',
    'Bytes of documents uploaded since the agent started.',
    () => monitor.counters.uploadedBytes,
  );
  counter(
    'intake_token_failures_total',
    'Failed token requests since the agent started.',
    () => monitor.counters.tokenFailures,
  );
  counter(
    'intake_sent_as_scanned_total',
    'Documents sent as scanned although a searchable PDF was asked for, since the agent started.',
    () => monitor.counters.sentAsScanned,
  );
  counter(
    'intake_documents_taken_over_total',
    'Documents of gone office stations this station took over to send, since the agent started.',
    () => monitor.counters.takenOver,
  );
  new Gauge({
    name: 'intake_last_success_timestamp_seconds',
    help: 'When the last document was uploaded (Unix time; 0 = none yet).',
    registers: [registry],
    collect() {
      const at = current().lastSuccessAt;
      this.set(at ? Date.parse(at) / 1000 : 0);
    },
  });
  new Gauge({
    name: 'intake_platform_online',
    help: '1 while the platform is reachable.',
    registers: [registry],
    collect() {
      this.set(current().connection.online ? 1 : 0);
    },
  });
  new Gauge({
    name: 'intake_uploads_stopped',
    help: '1 while uploads are stopped on a configuration error (see the log for the reason).',
    registers: [registry],
    collect() {
      const status = current();
      this.set(status.connection.stopReason || status.stopped ? 1 : 0);
    },
  });
  new Gauge({
    name: 'intake_storage_failing',
    help: '1 while the data folder fails (full disk, quota, read-only database, no write access), by code.',
    labelNames: ['code'],
    registers: [registry],
    collect() {
      const failing = current().storage?.code;
      for (const code of StorageCodeSchema.options) this.set({ code }, failing === code ? 1 : 0);
    },
  });
  return registry;
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves GET and HEAD /metrics on 127.0.0.1:port (0 = any free port); everything else is 404. The Host
 * header must name this loopback server (403 otherwise): a web page on a rebound name must not read it.
 */
export async function startMetricsServer(registry: Registry, port: number): Promise<MetricsServer> {
  let bound = port;
  const server: Server = createServer((req, res) => {
    if (!loopbackHostAllowed(req.headers.host, bound)) {
      res.writeHead(403).end();
      return;
    }
    const head = req.method === 'HEAD';
    if ((req.method !== 'GET' && !head) || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Content-Length': Buffer.byteLength(text) });
        res.end(head ? undefined : text);
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done());
  });
  bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/metrics`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
