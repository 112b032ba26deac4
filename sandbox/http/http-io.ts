import type { IncomingMessage, ServerResponse } from 'node:http';

/** Thrown by readBody when the body exceeds its cap; the caller answers 413. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body larger than ${limit} bytes`);
  }
}

/** Small bodies only (JSON, forms): big uploads are streamed by the inbox, never through here. */
export async function readBody(req: IncomingMessage, limit = 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Throwing out of the loop must not destroy the request: the 413 still has to reach the client.
  for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': headers['Content-Type'] ?? 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * Errors of endpoints whose spec shows no error body (schemas, customers, claims, routing):
 * RFC 9457 problem details, as the ASP.NET stack behind the real platform answers them.
 */
export function sendProblem(
  res: ServerResponse,
  status: number,
  type: string,
  detail: string,
  headers: Record<string, string> = {},
): void {
  sendJson(
    res,
    status,
    { type, title: problemTitle(status), status, detail },
    { 'Content-Type': 'application/problem+json; charset=utf-8', ...headers },
  );
}

function problemTitle(status: number): string {
  const titles: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    409: 'Conflict',
    413: 'Content Too Large',
    415: 'Unsupported Media Type',
    422: 'Unprocessable Content',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
  };
  return titles[status] ?? 'Error';
}

export async function readJson(
  req: IncomingMessage,
  limit?: number,
): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const body = await readBody(req, limit);
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) as unknown };
  } catch {
    return { ok: false };
  }
}
