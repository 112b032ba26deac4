// The metrics endpoint over a real socket: HEAD as GET without the body, the Host check against DNS
// rebinding, the process metrics and the build's version.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_STATES } from '../../../shared/domain/document';
import type { MetricsServer, MetricsSource } from './metrics-server';
import { createMetricsRegistry, startMetricsServer } from './metrics-server';

const source: MetricsSource = {
  counters: { uploads: 3, uploadFailures: 0, uploadedBytes: 300, tokenFailures: 0, sentAsScanned: 2, takenOver: 0 },
  status: () => ({
    pid: process.pid,
    version: '9.8.7',
    commit: '0123456789ab',
    startedAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    counts: Object.fromEntries(DOCUMENT_STATES.map((s) => [s, 0])) as never,
    connection: { online: true, paused: false },
  }),
};

let server: MetricsServer;
let port: number;

beforeAll(async () => {
  server = await startMetricsServer(createMetricsRegistry(source), 0);
  port = Number(new URL(server.url).port);
});
afterAll(() => server.close());

function call(method: string, path: string, host = `127.0.0.1:${port}`) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (s: string) => (body += s));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the metrics endpoint', () => {
  it('GET serves the text with process metrics and the build version', async () => {
    const r = await call('GET', '/metrics');
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/^intake_build_info\{version="9\.8\.7",commit="0123456789ab"\} 1$/m);
    expect(r.body).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(r.body).toMatch(/^process_cpu_seconds_total /m);
    expect(r.body).toMatch(/^nodejs_heap_size_used_bytes /m);
    expect(r.body).toMatch(/^intake_agent_stopped 0$/m);
    expect(r.body).not.toMatch(/^intake_agent_stop_reason\{/m);
    expect(r.body).toMatch(/^intake_sent_as_scanned_total 2$/m);
  });

  it('a status without a commit (none recorded) shows commit "unknown", not an empty label', async () => {
    const { commit: _, ...withoutCommit } = source.status();
    const registry = createMetricsRegistry({ counters: source.counters, status: () => withoutCommit });
    expect(await registry.metrics()).toMatch(/^intake_build_info\{version="9\.8\.7",commit="unknown"\} 1$/m);
  });

  it('HEAD answers like GET, without a body', async () => {
    const r = await call('HEAD', '/metrics');
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toMatch(/^text\/plain/);
    expect(Number(r.headers['content-length'])).toBeGreaterThan(100);
    expect(r.body).toBe('');
  });

  it('answers only a Host naming this loopback server (localhost too); 403 for any other name', async () => {
    expect((await call('GET', '/metrics', `localhost:${port}`)).status).toBe(200);
    expect((await call('GET', '/metrics', `LOCALHOST:${port}`)).status).toBe(200);
    expect((await call('GET', '/metrics', `attacker.example:${port}`)).status).toBe(403);
    expect((await call('GET', '/metrics', '127.0.0.1:1')).status).toBe(403);
    // No Host at all (HTTP/1.0 over a raw socket; an HTTP client always sends one).
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end('GET /metrics HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.setEncoding('utf8').on('data', (t: string) => (text += t));
      socket.on('end', () => resolve(text)).on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.[01] 403 /);
    expect((await call('HEAD', '/metrics', `rebind.example:${port}`)).status).toBe(403);
  });

  it('other paths and methods stay 404', async () => {
    expect((await call('GET', '/other')).status).toBe(404);
    expect((await call('POST', '/metrics')).status).toBe(404);
  });
});
