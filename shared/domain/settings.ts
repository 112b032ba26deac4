import { z } from 'zod';
import { ScopeSchema } from '../platform/token';
import { METADATA_FIELDS } from '../platform/inbox';
import type { MetadataField } from '../platform/inbox';
import { FolderCaptureSchema } from './capture';
import { DroppedFilesSchema, OutputKindSchema } from './output';
import { caseNumberPatternProblem } from './case-number';
import { EnvironmentKindSchema } from './environment-kind';
import { compileFileNamePattern } from './file-name-pattern';
import { MetadataSchema, StoredMetadataSchema } from './metadata';
import { insecureUrlProblem } from './secure-url';
import { ScannerAddressSchema } from './scanning';
import { FieldPatternSchema } from './suggestions';
import { OcrLanguagesSchema } from './ocr-languages';
import { OfficeSettingsSchema } from './office';

export { ENVIRONMENT_KINDS, EnvironmentKindSchema, type EnvironmentKind } from './environment-kind';

export const AuthMethodSchema = z.enum(['client_secret', 'private_key_jwt']);
export type AuthMethod = z.infer<typeof AuthMethodSchema>;

const httpUrl = z.url({ protocol: /^https?$/ });
/** A URL that receives credentials: https, or http on this machine only (the embedded sandbox). */
const credentialUrl = httpUrl.check((ctx) => {
  const problem = insecureUrlProblem(ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
});

const environmentFields = {
  id: z.string().regex(/^[a-z0-9-]+$/, 'use lower-case letters, digits and dashes'),
  name: z.string().min(1),
  kind: EnvironmentKindSchema,
  baseUrl: httpUrl,
  /** The spec's {token_url}; `/connect/token` is appended. */
  tokenUrl: httpUrl,
  country: z.string().min(1),
  tenant: z.string().min(1),
  clientId: z.string(),
  scopes: z.array(ScopeSchema),
  authMethod: AuthMethodSchema,
  /** `aud` of the client assertion; default: the token endpoint URL. */
  assertionAudience: z.string().optional(),
  /**
   * Whether the assertion's header names the key (`kid` = its RFC 7638 thumbprint). Absent = yes. Off for a
   * server that registered the key from a PEM without a kid: oidc-provider refuses an assertion naming one.
   */
  assertionKid: z.boolean().optional(),
  /** Schema key used to build the case-creation form. */
  caseSchemaKey: z.string().trim().min(1, 'enter the schema key used for case creation').default('case-create'),
  /**
   * How this platform's case numbers look (a regular expression, whole value, any case), e.g.
   * `^CLM-\\d{4}-\\d{6}$`. Absent: the local sandbox's form for the local sandbox, no check elsewhere
   * (shared/domain/case-number.ts). Used before queuing and by file-name patterns' {CaseNumber}.
   */
  caseNumberPattern: z
    .string()
    .check((ctx) => {
      const problem = caseNumberPatternProblem(ctx.value);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
    })
    .optional(),
};
/**
 * An environment that may be saved: the token URL receives the client secret and the base URL the bearer
 * token, so both are https except on this machine (the embedded sandbox), whatever the environment's kind.
 */
export const EnvironmentSchema = z.object({ ...environmentFields, baseUrl: credentialUrl, tokenUrl: credentialUrl });
/**
 * As read from an older file: an http URL there still loads (so the folders keep running), but the token
 * client refuses to send a secret to it (electron/core/auth/token-client.ts) and saving is refused at the field.
 */
const StoredEnvironmentSchema = z.object(environmentFields);
export type Environment = z.infer<typeof EnvironmentSchema>;

const folderProfileFields = {
  id: z.string().min(1),
  label: z.string().min(1),
  path: z.string().min(1),
  defaultMetadata: StoredMetadataSchema.default({}),
  autoSubmit: z.boolean().default(false),
  /** e.g. `{CaseNumber}_{DocumentTypeCode}_*.pdf`; placeholders are metadata header names without `Metadata-`. */
  fileNamePattern: z.string().optional(),
  include: z.array(z.string()).default(['*.pdf', '*.tif', '*.tiff', '*.jpg', '*.jpeg', '*.png']),
  exclude: z.array(z.string()).default([]),
  polling: z.object({ enabled: z.boolean(), intervalMs: z.number().int().min(500) }).default({
    enabled: false,
    intervalMs: 5000,
  }),
  /**
   * Take a PDF, PNG or JPEG as soon as its format says it is complete (its end marker is written and
   * 250 ms passed) instead of after the full quiet time. Off for scanner software that appends pages to a
   * PDF it already saved.
   */
  recognizeCompleteFiles: z.boolean().default(true),
  /**
   * Several stations watch this folder (docs/deployment.md, "Shared scan folders"): make its `.intake/` so
   * every station claims a file before it takes it. A folder that has `.intake/` is shared whatever this says.
   */
  shared: z.boolean().optional(),
  /**
   * Fields a document from this folder must carry before it is queued (on top of "a case or a policy
   * number"); a required document type must be one of the configured document types. Absent: none.
   */
  requiredFields: z.array(z.enum(METADATA_FIELDS as [MetadataField, ...MetadataField[]])).optional(),
  /**
   * Fill a field from a suggestion the platform confirmed (issue #17), without the clerk. Absent or false:
   * off. Never submits unless `autoSubmit` is on too (electron/core/suggestions/auto-accept.ts).
   */
  autoAcceptSuggestions: z.boolean().optional(),
  /**
   * Capture (issue #16, docs/capture.md): a scanned batch is split on separator sheets into documents,
   * cover-sheet codes fill their metadata, blank pages are kept, dropped or flagged. Absent: off, one file
   * is one document.
   */
  capture: FolderCaptureSchema.optional(),
  /**
   * What is sent (issue #39, shared/domain/output.ts): the scanner's file, or a searchable PDF. Absent:
   * the original (a settings file from before); a folder added in Settings or by the agent's --output
   * says which.
   */
  output: OutputKindSchema.optional(),
  /** With a searchable PDF: text pages sent bitonal (CCITT G4) where OCR reads them as well. Off unless set. */
  smallerOutput: z.boolean().optional(),
  /**
   * The languages this folder's documents are read in (issue #46, `deu+eng`; shared/domain/ocr-languages.ts).
   * Absent: the settings' `text.languages`, else the station's locale.
   */
  text: z.object({ languages: OcrLanguagesSchema.optional() }).optional(),
};
/** A file-name pattern whose placeholders all name metadata fields; the message sits at the field. */
export const FileNamePatternSchema = z.string().check((ctx) => {
  const compiled = compileFileNamePattern(ctx.value);
  if (!compiled.ok) ctx.issues.push({ code: 'custom', message: compiled.message, input: ctx.value });
});

/** What may be saved: settings.update, save(), the machine-wide file's fields. */
export const FolderProfileSchema = z.object({
  ...folderProfileFields,
  defaultMetadata: MetadataSchema.default({}),
  fileNamePattern: FileNamePatternSchema.optional(),
});
/**
 * What may be read back: an older settings file can hold a pattern (or a default value) today's rules
 * refuse. Such a file still loads, so the other folders keep running; the hot folders mark that one
 * folder invalid, and saving is refused, at the field, until it is fixed.
 */
const StoredFolderProfileSchema = z.object(folderProfileFields);
export type FolderProfile = z.infer<typeof FolderProfileSchema>;

export const DocumentTypeSchema = z.object({ code: z.string().min(1), label: z.string().min(1) });
export type DocumentType = z.infer<typeof DocumentTypeSchema>;

export const SETTINGS_VERSION = 2;
/**
 * Uploads at once unless the settings say otherwise. Chosen by measurement (docs/benchmarks.md, issue #19):
 * on the 2-core test box 3 moved 200 × 1 MB 4–26 % faster than 2 (5 comparisons, mean +12 %) at the same
 * CPU per document, and 50 KB files as fast; 4 was no faster than 3, and slower on a loaded box. A saved
 * settings file keeps its value.
 */
export const DEFAULT_UPLOAD_CONCURRENCY = 3;
/**
 * Seconds a document the clerk submitted waits in the queue before it leaves, so a slip can be undone from
 * the desk ("Sending in 5 s · Undo"); absent in the settings = this, 0 = off. Only the clerk's submit
 * waits: a folder's auto-submit and the agent send at once.
 */
export const DEFAULT_SEND_GRACE_SECONDS = 5;
export function sendGraceSeconds(settings: { upload?: { graceSeconds?: number | undefined } | undefined }): number {
  return settings.upload?.graceSeconds ?? DEFAULT_SEND_GRACE_SECONDS;
}

const settingsObject = <E extends z.ZodType, F extends z.ZodType>(environment: E, folder: F) =>
  z.object({
    version: z.literal(SETTINGS_VERSION),
    activeEnvironmentId: z.string(),
    environments: z.array(environment).min(1),
    folders: z.array(folder).default([]),
    archive: z
      .object({
        mode: z.enum(['move', 'delete']),
        folder: z.string().optional(),
        retentionDays: z.number().int().min(0),
      })
      .default({ mode: 'move', retentionDays: 30 }),
    upload: z
      .object({
        concurrency: z.number().int().min(1).max(8),
        /** Seconds a submitted document waits before it leaves (Undo from the desk); 0 = off (issue #36). */
        graceSeconds: z.number().int().min(0).max(60).optional(),
      })
      .default({ concurrency: DEFAULT_UPLOAD_CONCURRENCY }),
    documentTypes: z.array(DocumentTypeSchema).default([]),
    /**
     * The station's scanners by address (issue #38), shown in the scan panel's picker beside those found on
     * the network; usually deployed in the machine-wide file (docs/deployment.md). Absent: none.
     */
    scanners: z.array(ScannerAddressSchema).max(50).optional(),
    /** Shared scan folders: how long a station's heartbeat may stand still before its claims are taken over. */
    sharedFolders: z.object({ leaseSeconds: z.number().int().min(2).max(3600) }).optional(),
    /**
     * The office database (issue #50, shared/domain/office.ts): a PostgreSQL URL without its password (the
     * keychain keeps that). Absent: no office database; the station keeps its own queue, as always.
     */
    office: OfficeSettingsSchema.optional(),
    locale: z.enum(['en', 'de']).default('en'),
    /** Light, dark, or as the operating system says (absent: as the system; issue #31 item 9). */
    theme: z.enum(['system', 'light', 'dark']).optional(),
    updates: z
      .object({ channel: z.enum(['off', 'stable', 'beta']), url: z.string().optional() })
      .default({ channel: 'off' }),
    desktop: z
      .object({ startMinimisedAtLogin: z.boolean(), closeToTrayHintShown: z.boolean() })
      .default({ startMinimisedAtLogin: false, closeToTrayHintShown: false }),
    /** Prometheus metrics on 127.0.0.1:metricsPort for IT's monitoring; no port = off (the default). */
    /** What is sent for a file dropped onto the window (shared/domain/output.ts); absent: the original. */
    droppedFiles: DroppedFilesSchema.optional(),
    monitoring: z.object({ metricsPort: z.number().int().min(1024).max(65535).optional() }).optional(),
    /**
     * Document text (docs/capture.md, "Text"): pages OCR'd per scan (0 reads only PDFs' own text; absent =
     * the built-in 3, as each page costs seconds of a core on a station PC) and extra number patterns.
     */
    text: z
      .object({
        ocrPages: z.number().int().min(0).max(20).optional(),
        /**
         * OCR languages (issue #46): `deu+eng`, `deu`, `eng`; a folder profile's own `text.languages` wins.
         * Absent: German for a German station (the app's locale or the system's), else English.
         */
        languages: OcrLanguagesSchema.optional(),
        /** The company's own number formats, looked for besides the built-in ones (docs/capture.md). */
        patterns: z.array(FieldPatternSchema).max(50).optional(),
      })
      .optional(),
  });
/** Settings that may be saved (settings.update, save(), machine-wide fields): every rule. */
export const SettingsSchema = settingsObject(EnvironmentSchema, FolderProfileSchema);
/**
 * Settings as read from a file and sent to the renderer: the same, except for the rules an older file may
 * break (a folder's file-name pattern, an environment's http URL; see the Stored* schemas): such a file
 * still loads, the part it concerns does not run, and saving is refused at the field until it is fixed.
 */
export const StoredSettingsSchema = settingsObject(StoredEnvironmentSchema, StoredFolderProfileSchema);

export type Settings = z.infer<typeof SettingsSchema>;

/**
 * The environment uploads go to: the one `activeEnvironmentId` names, else the first (a hand-edited file or
 * a draft may name none; saving refuses that). Undefined only when there is no environment at all. The one
 * rule for every place that asks (core, agent, renderer).
 */
export function activeEnvironmentOf<E extends { id: string }>(settings: {
  activeEnvironmentId?: string | undefined;
  environments?: readonly E[] | undefined;
}): E | undefined {
  const environments = settings.environments ?? [];
  return environments.find((e) => e.id === settings.activeEnvironmentId) ?? environments[0];
}
