/**
 * `intake-agent case-draft FILE... [--sandbox | the connection options of run] [--schema KEY]
 * [--as-of YYYY-MM-DD] [--ocr-languages L]` (issue #47): the case draft the app makes for "Create case from
 * this document", as one JSON line per file: `{"file", "asOf", "fields": [{"path", "value", "state":
 * "filled"|"offered", "source": "letter"|"policy", "page"}], "problems": [...]}`. `asOf` is the date the
 * draft was made as of (the policy's validity and the latest date of loss depend on it): today unless
 * --as-of names one, so a draft can be made again as it was on a given day (the blind-letter bench does). The same code path as the app (notice-draft-service.ts `draftFromDocument`: the
 * app's text service, the environment's create-case schema, the platform's policy search); the fields are
 * said as notice-of-loss/draft-fields.ts says (the filled/offered rule lives there).
 *
 * Exit codes as `text`: a file that gives no text is one line `{"file","error":"unreadable","message"}` and
 * exit 1 (the other files are still drafted); usage 2; the platform's schema not to be had, or a reader that
 * died, exit 3 (`"error":"failed"`). A policy search that failed is no exit code: the draft's "problems"
 * say it, as the app's form does.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createCasePorts } from '../core/cases/platform-adapter';
import { SchemaCache } from '../core/cases/schema-cache';
import { createNodeFetch } from '../core/http/node-fetch';
import { draftFields } from '../core/notice-of-loss/draft-fields';
import { draftFromDocument } from '../core/notice-of-loss/notice-draft-service';
import { OcrLanguagesSchema } from '../../shared/domain/ocr-languages';
import { createPlatformClient } from '../core/platform/create-platform-client';
import { CredentialStore } from '../core/secrets/credential-store';
import { KeytarSecretStore } from '../core/secrets/keytar-secret-store';
import { DocumentTextService } from '../core/suggestions/document-text';
import { localIsoDate } from '../core/suggestions/document-suggestions';
import { systemClock } from '../core/util/clock';
import { JsonLineLogger } from '../core/util/logger';
import { parseAgentArgs } from './agent-args';
import { AgentCredentials, loadAgentConfig } from './agent-config';
import { loadClientKey } from './agent-key';
import { CAPTURE_EXIT_CODES } from './capture-cli';
import { parseCliArgs, UsageError } from './cli-args';
import { CONNECTION_OPTIONS } from './agent-args';

export const CASE_DRAFT_USAGE = `  case-draft FILE... [--sandbox | --settings FILE | --base-url URL --token-url URL --client-id ID …]
             [--schema KEY] [--as-of YYYY-MM-DD] [--ocr-languages L]
                     the case draft the app makes from a notice of loss, one JSON line per file:
                     {"file","asOf","fields":[{"path","value","state":"filled"|"offered","source":"letter"|
                     "policy","page"}],"problems":[…]}; --schema KEY: the create-case schema (default: the
                     environment's); --as-of: the day the draft is made as of (policy in force, latest date
                     of loss; default today); --ocr-languages: deu, eng or deu+eng (default: the locale's)
  case-draft exit codes: as text (1 when a file gives no text; 3 when the platform's schema cannot be had)`;

export function parseCaseDraftArgs(argv: string[]) {
  const { values, positionals } = parseCliArgs(argv, {
    ...CONNECTION_OPTIONS,
    schema: { type: 'string' },
    'as-of': { type: 'string' },
    'ocr-languages': { type: 'string' },
  });
  const [command, ...files] = positionals;
  if (command !== 'case-draft') throw new UsageError('expected case-draft');
  if (files.length === 0) throw new UsageError('case-draft needs at least one FILE');
  const { schema, 'as-of': asOf, 'ocr-languages': languages, ...connection } = values;
  if (asOf !== undefined && !isCalendarDate(asOf))
    throw new UsageError(`--as-of: ${asOf} is not a calendar date YYYY-MM-DD`);
  if (languages !== undefined && !OcrLanguagesSchema.safeParse(languages).success)
    throw new UsageError(`--ocr-languages: ${languages} is not deu, eng or deu+eng`);
  const flags: string[] = ['run'];
  for (const [name, value] of Object.entries(connection)) {
    if (value === true) flags.push(`--${name}`);
    else if (typeof value === 'string') flags.push(`--${name}`, value);
    else if (Array.isArray(value)) for (const v of value) flags.push(`--${name}`, v);
  }
  return {
    files,
    ...(schema !== undefined ? { schema } : {}),
    ...(asOf !== undefined ? { asOf } : {}),
    ...(languages !== undefined ? { languages } : {}),
    agent: parseAgentArgs(flags),
  };
}

function isCalendarDate(text: string): boolean {
  const d = new Date(`${text}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

export async function runCaseDraftCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  fromEnv: { secret: string | undefined; key: string | undefined },
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
  err: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Promise<number> {
  let args: ReturnType<typeof parseCaseDraftArgs>;
  try {
    args = parseCaseDraftArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    err(`intake-agent: ${e.message}\n\n${CASE_DRAFT_USAGE}`);
    return CAPTURE_EXIT_CODES.usage;
  }
  const files = args.files.map((f) => resolve(f));
  for (const file of files)
    if (!(await stat(file).catch(() => undefined))?.isFile()) {
      err(`intake-agent: not a file: ${file}`);
      return CAPTURE_EXIT_CODES.usage;
    }
  // Warnings and errors (a stored schema used, a keychain refusing) on stderr as JSON lines, as run logs.
  const logger = new JsonLineLogger(
    (line) => err(line),
    args.agent.logLevel === 'info' ? 'warn' : args.agent.logLevel,
    {
      app: 'intake-agent',
    },
  );
  // The text cache, language files, schema copies and a --sandbox's data live for this run only.
  const work = await mkdtemp(join(tmpdir(), 'intake-agent-draft-'));
  const cleanups: Array<() => Promise<unknown>> = [() => rm(work, { recursive: true, force: true })];
  try {
    let sandbox: { baseUrl: string; tokenUrl: string; clientId: string; secret: string } | undefined;
    if (args.agent.sandbox) {
      const { startSandbox } = await import('../../sandbox');
      const s = await startSandbox({ dataDir: join(work, 'sandbox'), port: Number(env.INTAKE_SANDBOX_PORT ?? 0) });
      cleanups.unshift(() => s.close());
      sandbox = {
        baseUrl: s.baseUrl,
        tokenUrl: s.tokenUrl,
        clientId: s.demoClient.clientId,
        secret: s.demoClient.secret,
      };
    }
    let config: Awaited<ReturnType<typeof loadAgentConfig>>;
    let clientKey: string | undefined;
    try {
      clientKey = await loadClientKey({
        ...(args.agent.keyFile !== undefined ? { keyFile: args.agent.keyFile } : {}),
        ...(fromEnv.key !== undefined ? { envKey: fromEnv.key } : {}),
      });
      config = await loadAgentConfig(args.agent, {
        hasClientKey: clientKey !== undefined,
        clock: systemClock,
        logger,
        requirePlatform: true,
        ...(sandbox ? { sandbox } : {}),
      });
    } catch (e) {
      err(`intake-agent: ${(e as Error).message}`);
      return CAPTURE_EXIT_CODES.usage;
    }
    const environment = config.environment;
    const credentials = new AgentCredentials(
      () => new CredentialStore(new KeytarSecretStore(), logger),
      fromEnv.secret ?? (sandbox && environment.clientId === sandbox.clientId ? sandbox.secret : undefined),
      clientKey,
    );
    const { api } = createPlatformClient({
      environment,
      credentials,
      fetch: createNodeFetch(env),
      clock: systemClock,
      logger,
    });
    const schemas = new SchemaCache({
      platform: () => createCasePorts(api).platform,
      dir: join(work, 'schemas'),
      clock: systemClock,
      logger,
    });
    const schemaKey = args.schema ?? environment.caseSchemaKey;
    // Asked once up front: without the schema there is no draft for any file.
    try {
      await schemas.get({ environmentId: environment.id, key: schemaKey, direction: 'input' });
    } catch (e) {
      out(
        JSON.stringify({
          error: 'failed',
          message: `the create-case schema "${schemaKey}" could not be had: ${(e as Error).message}`,
        }),
      );
      return CAPTURE_EXIT_CODES.failed;
    }
    const text = new DocumentTextService({
      dataDir: work,
      poolSize: 1,
      ...(args.languages !== undefined ? { languages: args.languages } : {}),
    });
    cleanups.unshift(() => text.close());
    const asOf = args.asOf ?? localIsoDate(systemClock.now());
    let code: number = CAPTURE_EXIT_CODES.done;
    for (const file of files) {
      // The read the draft was made from, to tell "no text" (exit 1) from a draft with nothing found.
      let read: Awaited<ReturnType<DocumentTextService['textOf']>> | undefined;
      const draft = await draftFromDocument(
        {
          text: { textOf: async (path) => (read = await text.textOf(path)) },
          schema: () => schemas.get({ environmentId: environment.id, key: schemaKey, direction: 'input' }),
          platform: () => api,
          fileOf: () => file,
          now: () => systemClock.now(),
          asOf,
        },
        file,
      );
      if (read && !read.ok) {
        out(JSON.stringify({ file, error: 'unreadable', message: read.message }));
        code = CAPTURE_EXIT_CODES.notPages;
        continue;
      }
      out(JSON.stringify({ file, asOf, fields: draftFields(draft), problems: draft.problems }));
    }
    return code;
  } catch (e) {
    const message = (e instanceof Error ? e.message : String(e)).split('\n')[0];
    out(JSON.stringify({ error: 'failed', message: `drafting failed: ${message}` }));
    return CAPTURE_EXIT_CODES.failed;
  } finally {
    for (const c of cleanups) await c().catch(() => undefined);
  }
}
