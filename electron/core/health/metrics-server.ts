import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, Registry } from 'prom-client';
import { DOCUMENT_STATES } from '../../../shared/domain/document';
import { StorageCodeSchema } from '../../../shared/domain/queue';
import type { StationMonitor } from './station-monitor';

/**
 * The station's figures in Prometheus text format, so IT watches stations with the tools it already runs.
 * Opt-in (`--metrics-port N`), on loopback only: a node exporter or agent on the station scrapes it and
 * nothing on the network can. Every figure is read from the monitor at scrape time.
 */
export function createMetricsRegistry(monitor: StationMonitor): Registry {
  const registry = new Registry();
  const current = () => monitor.status();
  new Gauge({
    name: 'intake_queue_documents',
    help: 'Documents in the queue by state.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const { counts } = current();
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
      this.set(current().connection.stopReason ? 1 : 0);
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

/** Serves GET /metrics on 127.0.0.1:port (0 = any free port); everything else is 404. */
export async function startMetricsServer(registry: Registry, port: number): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/metrics`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
