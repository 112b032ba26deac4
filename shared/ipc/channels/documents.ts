import { z } from 'zod';
import { DocumentSchema, DocumentStateSchema, TakeAnswerSchema } from '../../domain/document';
import { MetadataSchema } from '../../domain/metadata';
import { HistoryEntrySchema, QueueStatusSchema } from '../../domain/queue';

const Ids = z.object({ ids: z.array(z.string()).min(1) });

export const documentInvokes = {
  'documents.list': {
    request: z.object({
      states: z.array(DocumentStateSchema).optional(),
      query: z.string().optional(),
      limit: z.number().int().min(1).max(20000).default(500),
      offset: z.number().int().min(0).default(0),
    }),
    response: z.object({ documents: z.array(DocumentSchema), total: z.number().int() }),
  },
  'documents.get': { request: z.object({ id: z.string() }), response: DocumentSchema },
  /**
   * Electron only: main imports the file at this path, which the preload took from a dropped File
   * (webUtils.getPathForFile). The page itself cannot call it (the preload refuses), and the web shell does
   * not offer it (its drops go over HTTP). File bytes never travel through an invoke: see documentTransfer.
   */
  'documents.importPath': {
    request: z.object({ path: z.string().min(1).max(4096) }),
    response: DocumentSchema,
  },
  'documents.tag': {
    request: z.object({ ids: z.array(z.string()).min(1), metadata: MetadataSchema }),
    response: z.array(DocumentSchema),
  },
  'documents.submit': {
    request: z.object({
      ids: z.array(z.string()).min(1),
      metadata: MetadataSchema.optional(),
      /** Needed to queue a document whose content was uploaded before. */
      confirmDuplicate: z.boolean().default(false),
    }),
    response: z.array(DocumentSchema),
  },
  /**
   * The clerk opens a document to tag it (issue #50 item 3): in an office it is theirs until they leave it
   * (the others see who has it and cannot change it), or until their station stops beating for the office's
   * lapse. Answers `held` with who has it, or `not_takeable` (sent, queued, or gone). A station without an
   * office database: always `taken`, nothing else happens.
   */
  'documents.take': {
    request: z.object({ id: z.string().min(1) }),
    response: TakeAnswerSchema,
  },
  /** The clerk moved on (another document, closed, submitted): frees it for the others. Never refused. */
  'documents.leave': { request: z.object({ id: z.string().min(1) }), response: z.object({}) },
  'documents.retry': { request: Ids, response: z.array(DocumentSchema) },
  'documents.cancel': { request: Ids, response: z.array(DocumentSchema) },
  'queue.status': { request: z.object({}), response: QueueStatusSchema },
  'queue.pause': { request: z.object({}), response: QueueStatusSchema },
  'queue.resume': { request: z.object({}), response: QueueStatusSchema },
  'queue.history': {
    request: z.object({
      query: z.string().optional(),
      from: z.string().optional(),
      to: z.string().optional(),
      limit: z.number().int().min(1).max(1000).default(200),
    }),
    response: z.array(HistoryEntrySchema),
  },
};

export const documentEvents = {
  /** Documents added or changed (full records); `removed` lists ids that left the list. */
  'documents.changed': z.object({ documents: z.array(DocumentSchema), removed: z.array(z.string()).default([]) }),
  'upload.progress': z.object({ id: z.string(), sent: z.number(), total: z.number() }),
  'queue.changed': QueueStatusSchema,
};

/**
 * File bytes never travel through the contract (no base64 in invokes). A dropped file goes to the
 * importer as a stream (web shell: an HTTP POST; Electron: main reads the path), a preview reads the
 * document by HTTP Range. Both shells serve the same paths on the page's own origin (web shell:
 * http://127.0.0.1:port, Electron: app://intake); answers are IpcResults parsed with these schemas.
 */
export const documentTransfer = {
  /** POST, body = the file's bytes, header importNameHeader = encodeURIComponent(file name). */
  importPath: '/api/documents',
  importNameHeader: 'X-File-Name',
  importResponse: DocumentSchema,
  /** GET with an optional `Range: bytes=…` header; 206 with Content-Range, or 200. */
  contentPath: (id: string) => `/api/documents/${encodeURIComponent(id)}/content`,
  contentPattern: /^\/api\/documents\/([^/]+)\/content$/,
};
