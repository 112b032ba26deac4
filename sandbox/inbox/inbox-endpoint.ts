import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { IDEMPOTENCY_KEY_HEADER } from '../../shared/platform/inbox';
import type { AccessTokens } from '../auth/access-tokens';
import { requireBearer } from '../auth/bearer-guard';
import type { ClaimRegistry } from '../cases/claim-registry';
import type { EventLog } from '../events/event-log';
import type { FaultController } from '../faults/fault-controller';
import { sendJson } from '../http/http-io';
import { discardRestOfBody } from '../http/lingering-close';
import { BatchedFileWriter } from '../storage/batched-file-writer';
import type { RequestContext } from '../http/route-table';
import { validCountry, validTenant } from '../cases/tenant-path';
import type { IdempotencyStore } from './idempotency-store';
import { decodeMetadataHeaders, type UploadMetadata } from './metadata-header-decoder';
import { MultipartError, MultipartParser, boundaryOf, parseDisposition } from './multipart-parser';
import type { StoredUpload, UploadStore } from './upload-store';

/** Default maximum upload size: 2 GiB − 1 (configurable through SandboxOptions.maxUploadBytes). */
export const DEFAULT_MAX_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024 - 1;

/** The `type` values of digital-inbox errors (docs/platform-choices.md, Sandbox). */
export type InboxErrorType =
  | 'invalid_path'
  | 'unsupported_media_type'
  | 'invalid_multipart'
  | 'missing_file'
  | 'empty_file'
  | 'file_too_large'
  | 'invalid_header'
  | 'case_not_found'
  | 'idempotency_key_in_use'
  | 'idempotency_key_reused';

export interface InboxDeps {
  tokens: AccessTokens;
  uploads: UploadStore;
  idempotency: IdempotencyStore;
  claims: ClaimRegistry;
  events: EventLog;
  faults: FaultController;
  maxUploadBytes: number;
  now: () => number;
  onUpload: () => void;
}

type Answer = {
  status: number;
  body: { success: boolean; errors: { message: string; type: string }[]; payload: unknown };
};

const failure = (status: number, type: InboxErrorType, message: string): Answer => ({
  status,
  body: { success: false, errors: [{ message, type }], payload: null },
});

/** POST /{country}/{tenant}/v1/digital-inbox/file */
export async function handleInboxUpload(ctx: RequestContext, deps: InboxDeps): Promise<void> {
  const { req, res, params } = ctx;
  // Node detaches req.socket once the body is read; the reset faults need it afterwards.
  const socket = req.socket;
  const claims = await requireBearer(ctx, deps.tokens, 'case_integration');
  if (!claims) return;
  const country = params['country'] ?? '';
  const tenant = params['tenant'] ?? '';
  const early = precheck(ctx, country, tenant, deps);
  if ('status' in early) return answerEarly(ctx, early);
  const { metadata, boundary } = early;

  const sentKey = headerValue(req.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
  // A platform without the feature stores what it was sent and never replays.
  const key = deps.faults.ignoreIdempotencyKey ? undefined : sentKey;
  if (key !== undefined && !deps.idempotency.begin(claims.clientId, key)) {
    return answerEarly(
      ctx,
      failure(409, 'idempotency_key_in_use', 'a request with this Idempotency-Key is still in progress'),
    );
  }
  try {
    const id = randomUUID();
    const received = await receiveFile(ctx, boundary, id, deps);
    if (received.kind === 'reset') return;
    if (received.kind === 'failed') {
      await deps.uploads.discard(id);
      return answerEarly(ctx, received.answer);
    }
    const fileName = metadata.primaryFileName ?? received.fileName;
    const fingerprint = createHash('sha256')
      .update(received.sha256)
      .update(JSON.stringify(Object.entries(metadata).sort()))
      .update(`${country}/${tenant}`)
      .digest('hex');
    if (key !== undefined) {
      const earlier = deps.idempotency.find(claims.clientId, key);
      if (earlier) {
        await deps.uploads.discard(id);
        if (earlier.fingerprint !== fingerprint) {
          const a = failure(422, 'idempotency_key_reused', 'this Idempotency-Key was used for a different upload');
          return sendJson(res, a.status, a.body);
        }
        return sendJson(res, earlier.status, earlier.body, { 'Idempotent-Replayed': 'true' });
      }
    }

    const claim = metadata.caseNumber !== undefined ? deps.claims.byCaseNumber(metadata.caseNumber) : undefined;
    const receivedAt = new Date(deps.now()).toISOString();
    const upload: StoredUpload = {
      id,
      fileName,
      contentType: received.contentType,
      size: received.size,
      sha256: received.sha256,
      metadata,
      idempotencyKey: sentKey ?? null,
      clientId: claims.clientId,
      country,
      tenant,
      caseNumber: claim?.caseNumber ?? null,
      receivedAt,
    };
    await deps.uploads.commit(upload);
    deps.onUpload();
    if (claim) {
      const file = deps.claims.addFile(claim, {
        name: fileName,
        type: received.contentType,
        description: metadata.documentTypeCode ?? '',
        isNew: true,
        isSigned: false,
        isImage: received.contentType.startsWith('image/'),
        signUrl: '',
        creationDate: receivedAt,
      });
      deps.events.record('CaseChanged', claim, [
        { property: 'AttachmentsAdded', attachments: [{ id: String(file.id), fileName, fileSize: received.size }] },
      ]);
    }
    const answer: Answer = {
      status: 200,
      body: {
        success: true,
        errors: [],
        payload: {
          documentId: id,
          fileName,
          size: received.size,
          sha256: received.sha256,
          caseNumber: upload.caseNumber,
          receivedAt,
        },
      },
    };
    if (key !== undefined) {
      deps.idempotency.remember(claims.clientId, key, { fingerprint, ...answer, storedAt: deps.now() });
    }
    // The "ambiguous" fault: the document is stored, but the client never hears about it.
    if (received.resetAfterStore) {
      socket.destroy();
      return;
    }
    sendJson(res, answer.status, answer.body);
  } finally {
    if (key !== undefined) deps.idempotency.end(claims.clientId, key);
    // Whatever the answer, bytes after the closing boundary (an epilogue) must not block the connection.
    discardRestOfBody(req, res);
  }
}

function precheck(
  ctx: RequestContext,
  country: string,
  tenant: string,
  deps: InboxDeps,
): Answer | { metadata: UploadMetadata; boundary: string } {
  const { req } = ctx;
  if (!validCountry(country) || !validTenant(tenant)) {
    return failure(404, 'invalid_path', 'country must be two lower-case letters and tenant [a-z0-9-]+');
  }
  const boundary = boundaryOf(req.headers['content-type']);
  if (!boundary)
    return failure(415, 'unsupported_media_type', 'the upload must be multipart/form-data with a boundary');
  const length = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(length) && length > deps.maxUploadBytes + 64 * 1024) {
    return failure(413, 'file_too_large', `the file is larger than ${deps.maxUploadBytes} bytes`);
  }
  const decoded = decodeMetadataHeaders(req.headers);
  if (!decoded.ok) return failure(400, 'invalid_header', `${decoded.header}: ${decoded.message}`);
  const caseNumber = decoded.metadata.caseNumber;
  if (caseNumber !== undefined && !deps.claims.byCaseNumber(caseNumber)) {
    return failure(422, 'case_not_found', `${'Metadata-CaseNumber'}: no case ${caseNumber}`);
  }
  return { metadata: decoded.metadata, boundary };
}

type Received =
  | { kind: 'stored'; fileName: string; contentType: string; size: number; sha256: string; resetAfterStore: boolean }
  | { kind: 'failed'; answer: Answer }
  | { kind: 'reset' };

/** Streams the `file` part to a temp file, hashing as it goes; other parts are skipped. */
async function receiveFile(ctx: RequestContext, boundary: string, id: string, deps: InboxDeps): Promise<Received> {
  const { req } = ctx;
  const parser = new MultipartParser(boundary);
  const reset = deps.faults.takeUploadReset();
  const throttle = deps.faults.slowUploadBytesPerSec;
  const hash = createHash('sha256');
  let out: BatchedFileWriter | undefined;
  let inFile = false;
  let seenFile = false;
  let fileName = '';
  let contentType = 'application/octet-stream';
  let size = 0;
  let bodyBytes = 0;
  const fail = async (answer: Answer): Promise<Received> => {
    await out?.discard();
    return { kind: 'failed', answer };
  };
  /** Drops what was received: the writer and its temp file. */
  const drop = async () => {
    try {
      await out?.discard();
    } finally {
      await deps.uploads.discard(id);
    }
  };
  try {
    // Leaving this loop early (413, the closing boundary) must not destroy the request and with it the
    // socket: the answer still has to reach the client (answerEarly drains the rest).
    for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      bodyBytes += chunk.length;
      if (reset && !reset.afterStore && bodyBytes >= reset.afterBytes) {
        await drop();
        req.socket.destroy();
        return { kind: 'reset' };
      }
      if (throttle !== undefined) await sleep((chunk.length / throttle) * 1000);
      for (const event of parser.push(chunk)) {
        if (event.type === 'part') {
          const disposition = parseDisposition(event.headers.get('content-disposition') ?? '');
          inFile = disposition.type === 'form-data' && disposition.params.get('name') === 'file' && !seenFile;
          if (inFile) {
            seenFile = true;
            fileName = disposition.params.get('filename') ?? 'file';
            contentType = event.headers.get('content-type') ?? contentType;
            out = await BatchedFileWriter.create(deps.uploads.tempPath(id));
          }
        } else if (event.type === 'data' && inFile && out) {
          size += event.data.length;
          if (size > deps.maxUploadBytes) {
            return await fail(failure(413, 'file_too_large', `the file is larger than ${deps.maxUploadBytes} bytes`));
          }
          hash.update(event.data);
          await out.write(event.data);
        } else if (event.type === 'partEnd') {
          inFile = false;
        }
      }
      if (parser.finished) break;
    }
    parser.end();
  } catch (e) {
    if (e instanceof MultipartError) return fail(failure(400, 'invalid_multipart', e.message));
    // The client went away mid-body (or the disk failed): nothing of it may stay behind.
    await drop().catch(() => undefined);
    throw e;
  }
  await out?.close();
  if (!seenFile)
    return { kind: 'failed', answer: failure(400, 'missing_file', 'the multipart body has no part named file') };
  if (size === 0) return { kind: 'failed', answer: failure(400, 'empty_file', 'the uploaded file is empty') };
  return {
    kind: 'stored',
    fileName,
    contentType,
    size,
    sha256: hash.digest('hex'),
    resetAfterStore: reset?.afterStore === true,
  };
}

/**
 * An answer before the body was read (in full): the rest is read and discarded up to a limit, so a client
 * still sending gets this answer instead of a reset connection (sandbox/http/lingering-close.ts).
 */
function answerEarly(ctx: RequestContext, answer: Answer): void {
  sendJson(ctx.res, answer.status, answer.body);
  discardRestOfBody(ctx.req, ctx.res);
}

function headerValue(v: string | string[] | undefined): string | undefined {
  if (Array.isArray(v)) return v[0];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}
