import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type SandboxHarness } from '../test-support/sandbox-harness';
import type { StoredUpload } from '../inbox/upload-store';

const INBOX = '/de/demo-insurance/v1/digital-inbox/file';
let h: SandboxHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterEach(() => h.sandbox.clearFaults());
afterAll(() => h.stop());

const fileForm = (size = 10_000): FormData => {
  const fd = new FormData();
  fd.append('file', new Blob([Buffer.alloc(size, 1)]), 'f.pdf');
  return fd;
};
const setFaults = (body: unknown) =>
  h.admin('/faults', { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
const uploadCount = async () => ((await (await h.admin('/uploads')).json()) as StoredUpload[]).length;

describe('fault injection', () => {
  it('offline: API requests fail at the network level while admin routes stay reachable', async () => {
    await h.token();
    expect((await setFaults({ offline: true })).status).toBe(200);
    await expect(h.api('/api/claims/1001/files/files')).rejects.toThrow();
    expect(((await (await h.admin('/faults')).json()) as { offline: boolean }).offline).toBe(true);
    expect((await h.admin('/faults', { method: 'DELETE' })).status).toBe(200);
    expect((await h.api('/api/claims/1001/files/files')).status).toBe(200);
  });

  it("offline 'refuse': the port refuses connections (ECONNREFUSED) until cleared, then answers again on the same port", async () => {
    await h.token();
    h.sandbox.setFaults({ offline: 'refuse' });
    const attempt = () =>
      h.api('/api/claims/1001/files/files').then(
        () => 'answered',
        (e: unknown) => String((e as { cause?: { code?: string } }).cause?.code),
      );
    // A kept-alive connection is cut first (the client sees its socket close); new ones are refused.
    expect(await attempt()).not.toBe('answered');
    expect(await attempt()).toBe('ECONNREFUSED');
    h.sandbox.clearFaults();
    expect((await h.api('/api/claims/1001/files/files')).status).toBe(200);
  });

  it("offline 'refuse' set and cleared from outside: the admin routes stay at adminUrl while the API port refuses (issue #48 item 10)", async () => {
    await h.token();
    const admin = (path: string, init?: RequestInit) => fetch(`${h.sandbox.adminUrl}/__sandbox${path}`, init);
    const set = await admin('/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offline: 'refuse' }),
    });
    expect(set.status).toBe(200);
    const attempt = () =>
      h.api('/api/claims/1001/files/files').then(
        () => 'answered',
        (e: unknown) => String((e as { cause?: { code?: string } }).cause?.code),
      );
    expect(await attempt()).not.toBe('answered');
    expect(await attempt()).toBe('ECONNREFUSED');
    expect(((await (await admin('/faults')).json()) as { offline: unknown }).offline).toBe('refuse');
    expect((await admin('/faults', { method: 'DELETE' })).status).toBe(200);
    expect((await h.api('/api/claims/1001/files/files')).status).toBe(200);
    // The admin port serves nothing but the admin routes.
    expect((await fetch(`${h.sandbox.adminUrl}/api/claims/1001/files/files`)).status).toBe(404);
  });

  it('status5xx with count and paths answers that many matching requests, then recovers', async () => {
    await setFaults({ status5xx: { status: 502, count: 2, paths: '/files/files' } });
    expect((await h.api('/api/claims/1001/details/information')).status).toBe(200);
    expect((await h.api('/api/claims/1001/files/files')).status).toBe(502);
    expect((await h.api('/api/claims/1001/files/files')).status).toBe(502);
    expect((await h.api('/api/claims/1001/files/files')).status).toBe(200);
  });

  it('retryAfter answers 429/503 with a Retry-After header', async () => {
    h.sandbox.setFaults({ retryAfter: { status: 503, seconds: 7, count: 1 } });
    const res = await h.api('/api/claims/1001/files/files');
    expect([res.status, res.headers.get('retry-after')]).toEqual([503, '7']);
    expect((await h.api('/api/claims/1001/files/files')).status).toBe(200);
  });

  it('resetMidUpload destroys the connection and stores nothing', async () => {
    const before = await uploadCount();
    h.sandbox.setFaults({ resetMidUpload: { afterBytes: 1000, count: 1 } });
    await expect(h.api(INBOX, { method: 'POST', body: fileForm(200_000) })).rejects.toThrow();
    expect(await uploadCount()).toBe(before);
    expect((await h.api(INBOX, { method: 'POST', body: fileForm() })).status).toBe(200);
  });

  it('resetMidUpload afterStore stores the document, then resets: the ambiguous case, resolved by Idempotency-Key', async () => {
    const before = await uploadCount();
    h.sandbox.setFaults({ resetMidUpload: { afterBytes: 0, afterStore: true, count: 1 } });
    const headers = { 'Idempotency-Key': 'ambiguous-1' };
    await expect(h.api(INBOX, { method: 'POST', body: fileForm(), headers })).rejects.toThrow();
    expect(await uploadCount()).toBe(before + 1);
    const retry = await h.api(INBOX, { method: 'POST', body: fileForm(), headers });
    expect(retry.status).toBe(200);
    expect(await uploadCount()).toBe(before + 1);
  });

  it('expireTokens invalidates every issued token; new ones work', async () => {
    const old = await h.token();
    await setFaults({ expireTokens: true });
    const res = await h.api('/api/claims/1001/files/files', { token: old });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
    h.forgetTokens();
    expect((await h.api('/api/claims/1001/files/files')).status).toBe(200);
  });

  it('revokeClient rejects its tokens and its token requests until cleared', async () => {
    const token = await startFreshToken();
    h.sandbox.setFaults({ revokeClient: 'intake-desk-demo' });
    expect((await h.api('/api/claims/1001/files/files', { token })).status).toBe(401);
    await expect(startFreshToken()).rejects.toThrow(/invalid_client/);
    h.sandbox.clearFaults();
    expect((await h.api('/api/claims/1001/files/files', { token })).status).toBe(200);
  });

  it('latency and slow uploads still answer correctly', async () => {
    h.sandbox.setFaults({ latencyMs: 50, slowUploadBytesPerSec: 1_000_000 });
    expect((await h.api(INBOX, { method: 'POST', body: fileForm(50_000) })).status).toBe(200);
  });

  it('rejects an invalid fault description', async () => {
    expect((await setFaults({ status5xx: { status: 418 } })).status).toBe(400);
    expect((await setFaults({ bogus: true })).status).toBe(400);
  });

  it('stats count token requests and uploads', async () => {
    const before = (await (await h.admin('/stats')).json()) as { tokenRequests: number; uploads: number };
    await startFreshToken();
    await h.api(INBOX, { method: 'POST', body: fileForm() });
    const after = (await (await h.admin('/stats')).json()) as { tokenRequests: number; uploads: number };
    expect(after.tokenRequests).toBe(before.tokenRequests + 1);
    expect(after.uploads).toBe(before.uploads + 1);
  });
});

async function startFreshToken(): Promise<string> {
  const res = await fetch(`${h.sandbox.tokenUrl}/connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'intake-desk-demo',
      client_secret: 'sandbox-demo-secret',
    }),
  });
  const body = (await res.json()) as { access_token?: string; error?: string };
  if (!body.access_token) throw new Error(body.error);
  return body.access_token;
}
