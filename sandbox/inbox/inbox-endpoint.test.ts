import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseEventFeedPageSchema } from '../../shared/platform/events';
import { ClaimFilesSchema } from '../../shared/platform/claims';
import { DigitalInboxResponseSchema } from '../../shared/platform/inbox';
import { startHarness, type SandboxHarness } from '../test-support/sandbox-harness';
import type { StoredUpload } from './upload-store';

const INBOX = '/de/demo-insurance/v1/digital-inbox/file';
let h: SandboxHarness;
beforeAll(async () => {
  h = await startHarness({ maxUploadBytes: 64 * 1024 * 1024 });
});
afterAll(() => h.stop());

function form(content: string | Buffer, fileName = 'scan.pdf', type = 'application/pdf'): FormData {
  const fd = new FormData();
  fd.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), fileName);
  return fd;
}
const upload = (body: FormData | string, headers: Record<string, string> = {}) =>
  h.api(INBOX, { method: 'POST', body, headers });
async function parsed(res: Response) {
  return DigitalInboxResponseSchema.parse(await res.json());
}
const uploads = async () => (await (await h.admin('/uploads')).json()) as StoredUpload[];

describe('digital inbox upload', () => {
  it('stores the file and its metadata, decoding RFC 8187 header values and a raw UTF-8 part file name', async () => {
    const content = `%PDF-1.7 ${'x'.repeat(5000)}`;
    const res = await upload(form(content, 'Schadensmeldung Müller – 2026.pdf'), {
      'Metadata-ItemId': 'item-42',
      'Metadata-PolicyNumber': 'HR-100001',
      'Metadata-Responsible-UserId': "UTF-8''J%C3%B6rg",
    });
    expect(res.status).toBe(200);
    const body = await parsed(res);
    expect(body.success).toBe(true);
    const payload = body.payload as Record<string, unknown>;
    expect(payload['fileName']).toBe('Schadensmeldung Müller – 2026.pdf');
    expect(payload['size']).toBe(content.length);
    expect(payload['sha256']).toBe(createHash('sha256').update(content).digest('hex'));
    const stored = (await uploads()).find((u) => u.id === payload['documentId']);
    expect(stored?.metadata).toEqual({ itemId: 'item-42', policyNumber: 'HR-100001', responsibleUserId: 'Jörg' });
    expect(readFileSync(`${h.dataDir}/uploads/${stored?.id}.bin`, 'utf8')).toBe(content);
  });

  it('attaches a document with a known case number to that claim and emits AttachmentsAdded', async () => {
    const res = await upload(form('photo', 'Foto.jpg', 'image/jpeg'), {
      'Metadata-CaseNumber': 'CLM-2026-000102',
      'Metadata-Primary-FileName': "UTF-8''Foto%20K%C3%BCche.jpg",
    });
    const payload = (await parsed(res)).payload as Record<string, unknown>;
    expect(payload['caseNumber']).toBe('CLM-2026-000102');
    const files = ClaimFilesSchema.parse(await (await h.api('/api/claims/1002/files/files')).json());
    const added = files.find((f) => f.name === 'Foto Küche.jpg');
    expect(added).toMatchObject({ isNew: true, isImage: true, type: 'image/jpeg' });
    expect(Number.isNaN(Date.parse(added?.creationDate ?? ''))).toBe(false);
    const feed = CaseEventFeedPageSchema.parse(
      await (await h.api('/api/case-events?after=0', { token: await h.token('events') })).json(),
    );
    const event = feed.items.map((i) => i.event).find((e) => e.case.number === 'CLM-2026-000102');
    expect(event?.changes).toEqual([
      {
        property: 'AttachmentsAdded',
        attachments: [{ id: String(added?.id), fileName: 'Foto Küche.jpg', fileSize: 5 }],
      },
    ]);
  });

  it('streams a file larger than the read buffers intact', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024, 7);
    big.write('START', 0);
    big.write('END', big.length - 3);
    const res = await upload(form(big, 'big.tif', 'image/tiff'));
    const payload = (await parsed(res)).payload as Record<string, unknown>;
    expect(payload['size']).toBe(big.length);
    expect(payload['sha256']).toBe(createHash('sha256').update(big).digest('hex'));
  });

  it('answers validation failures with success false, a typed error and a 4xx status', async () => {
    const cases: [Promise<Response>, number, string][] = [
      [upload(new FormData()), 400, 'missing_file'],
      [upload(form('')), 400, 'empty_file'],
      [upload(form('x'), { 'Metadata-CaseNumber': 'CLM-1999-999999' }), 422, 'case_not_found'],
      [upload(form('x'), { 'Metadata-ItemId': "UTF-8''%FF%FE" }), 400, 'invalid_header'],
      [upload(form('x'), { 'Metadata-ItemId': "UTF-8''a%0Db" }), 400, 'invalid_header'],
      // C1 (U+0085) and TAB: the client refuses the same controls (shared/domain/metadata-header-value.ts).
      [upload(form('x'), { 'Metadata-ItemId': "UTF-8''a%C2%85b" }), 400, 'invalid_header'],
      [upload(form('x'), { 'Metadata-ItemId': "UTF-8''a%09b" }), 400, 'invalid_header'],
      [upload(form('x'), { 'Metadata-ItemId': 'Müller' }), 400, 'invalid_header'],
      [upload(form('x'), { 'Metadata-ItemId': 'x'.repeat(256) }), 400, 'invalid_header'],
      [upload('{}', { 'Content-Type': 'application/json' }), 415, 'unsupported_media_type'],
      [h.api('/de/Demo_Insurance/v1/digital-inbox/file', { method: 'POST', body: form('x') }), 404, 'invalid_path'],
    ];
    for (const [pending, status, type] of cases) {
      const res = await pending;
      const body = await parsed(res);
      expect([res.status, body.success, body.errors[0]?.type]).toEqual([status, false, type]);
    }
  });

  it('rejects a file above maxUploadBytes with 413, without storing it', async () => {
    const small = await startHarness({ maxUploadBytes: 1000 });
    try {
      const fd = new FormData();
      fd.append('file', new Blob([Buffer.alloc(1001)]), 'a.bin');
      const res = await small.api(INBOX, { method: 'POST', body: fd });
      expect(res.status).toBe(413);
      expect((await parsed(res)).errors[0]?.type).toBe('file_too_large');
      expect(await (await small.admin('/uploads')).json()).toEqual([]);
    } finally {
      await small.stop();
    }
  });

  it('rejects a multipart body that is cut short', async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc';
    const res = await upload(body, { 'Content-Type': 'multipart/form-data; boundary=b' });
    expect(res.status).toBe(400);
    expect((await parsed(res)).errors[0]?.type).toBe('invalid_multipart');
  });

  it('needs a bearer token with case_integration', async () => {
    const none = await h.api(INBOX, { method: 'POST', body: form('x'), token: null });
    expect(none.status).toBe(401);
    const wrongScope = await h.api(INBOX, { method: 'POST', body: form('x'), token: await h.token('events') });
    expect(wrongScope.status).toBe(403);
    expect(wrongScope.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and content, without storing twice', async () => {
    const before = (await uploads()).length;
    const first = await upload(form('same'), { 'Idempotency-Key': 'k-1', 'Metadata-ItemId': 'a' });
    const second = await upload(form('same'), { 'Idempotency-Key': 'k-1', 'Metadata-ItemId': 'a' });
    expect(second.status).toBe(first.status);
    expect(await second.json()).toEqual(await first.json());
    expect((await uploads()).length).toBe(before + 1);
  });

  it('answers 422 for the same key with other content or other metadata', async () => {
    await upload(form('one'), { 'Idempotency-Key': 'k-2' });
    const otherFile = await upload(form('two'), { 'Idempotency-Key': 'k-2' });
    expect(otherFile.status).toBe(422);
    expect((await parsed(otherFile)).errors[0]?.type).toBe('idempotency_key_reused');
    const otherMeta = await upload(form('one'), { 'Idempotency-Key': 'k-2', 'Metadata-ItemId': 'b' });
    expect(otherMeta.status).toBe(422);
  });

  it('answers 409 while the first request with the key is still in progress', async () => {
    h.sandbox.setFaults({ slowUploadBytesPerSec: 2000 });
    try {
      const slow = upload(form('z'.repeat(3000)), { 'Idempotency-Key': 'k-3' });
      await new Promise((r) => setTimeout(r, 300));
      h.sandbox.clearFaults();
      const concurrent = await upload(form('z'.repeat(3000)), { 'Idempotency-Key': 'k-3' });
      expect(concurrent.status).toBe(409);
      expect((await parsed(concurrent)).errors[0]?.type).toBe('idempotency_key_in_use');
      expect((await slow).status).toBe(200);
    } finally {
      h.sandbox.clearFaults();
    }
  });

  it('keeps keys across a restart of the sandbox', async () => {
    const dataDir = h.dataDir;
    const first = await upload(form('persist'), { 'Idempotency-Key': 'k-4' });
    const firstBody = await first.json();
    const restarted = await startHarness({ dataDir });
    try {
      const again = await restarted.api(INBOX, {
        method: 'POST',
        body: form('persist'),
        headers: { 'Idempotency-Key': 'k-4' },
      });
      expect(await again.json()).toEqual(firstBody);
      // The restarted sandbox knows every upload stored before it.
      const listed = (await (await restarted.admin('/uploads')).json()) as StoredUpload[];
      expect(listed.map((u) => u.id)).toEqual((await uploads()).map((u) => u.id));
    } finally {
      await restarted.sandbox.close();
    }
  });

  it('stores a file of several MiB byte for byte, whatever the chunking of the socket', async () => {
    const content = Buffer.alloc(3 * 1024 * 1024 + 4321);
    for (let i = 0; i < content.length; i++) content[i] = (i * 7 + (i >> 12)) % 256;
    const payload = (await parsed(await upload(form(content, 'big.pdf')))).payload as Record<string, unknown>;
    const stored = readFileSync(`${h.dataDir}/uploads/${String(payload['documentId'])}.bin`);
    expect(stored.length).toBe(content.length);
    expect(stored.equals(content)).toBe(true);
  });

  it('stores every upload when no key is sent', async () => {
    const before = (await uploads()).length;
    await upload(form('dup'));
    await upload(form('dup'));
    expect((await uploads()).length).toBe(before + 2);
  });
});

describe('raw HTTP details', () => {
  it('leaves no part file behind when the client goes away in the middle of the body', async () => {
    const token = await h.token();
    const url = new URL(`${h.sandbox.baseUrl}${INBOX}`);
    const before = (await uploads()).length;
    await new Promise<void>((resolve) => {
      const req = request(url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'multipart/form-data; boundary=b',
          'Content-Length': String(10 * 1024 * 1024),
        },
      });
      req.on('error', () => resolve());
      req.write('--b\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\n\r\n');
      req.write(Buffer.alloc(3 * 1024 * 1024, 1), () => setTimeout(() => req.destroy(), 100));
    });
    const partFiles = async () => (await readdir(`${h.dataDir}/uploads`)).filter((n) => n.endsWith('.part'));
    // The server removes the part file once it has noticed the client gone: polled until then, with a bound
    // for a server that never does (1 s was too short on a loaded box: the loaded run of 97875f8).
    const until = performance.now() + 30_000;
    while ((await partFiles()).length > 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(await partFiles()).toEqual([]);
    expect((await uploads()).length).toBe(before);
  });

  it('rejects a Latin-1 byte sent raw in a metadata header', async () => {
    const token = await h.token();
    const url = new URL(`${h.sandbox.baseUrl}${INBOX}`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'multipart/form-data; boundary=b',
          'Metadata-ItemId': Buffer.from('M\u00fcller', 'latin1').toString('latin1'),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('--b\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc\r\n--b--\r\n');
    });
    expect(status).toBe(400);
  });
});
