/**
 * `intake-agent case-draft FILE... [--sandbox | the connection options of run] [--schema KEY]` (issue #47):
 * the case draft the app makes for "Create case from this document", as one JSON line per file:
 * `{"file", "fields": [{"path", "value", "state": "filled"|"offered", "source": "letter"|"policy", "page"}],
 * "problems": [...]}`. The same code path as the app (notice-draft-service.ts `draftFromDocument`: the
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
import { createPlatformClient } from '../core/platform/create-platform-client';
import { CredentialStore } from '../core/secrets/credential-store';
import { KeytarSecretStore } from '../core/secrets/keytar-secret-store';
import { DocumentTextService } from '../core/suggestions/document-text';
import { systemClock } from '../core/util/clock';
import { JsonLineLogger } from '../core/util/logger';
import { parseAgentArgs } from './agent-args';
import { AgentCredentials, loadAgentConfig } from './agent-config';
import { loadClientKey } from './agent-key';
import { CAPTURE_EXIT_CODES } from './capture-cli';
import { parseCliArgs, UsageError } from './cli-args';
import { CONNECTION_OPTIONS } from './agent-args';

export const CASE_DRAFT_USAGE = `  case-draft FILE... [--sandbox | --settings FILE | --base-url URL --token-url URL --client-id ID …]
             [--schema KEY]
                     the case draft the app makes from a notice of loss, one JSON line per file:
                     {"file","fields":[{"path","value","state":"filled"|"offered","source":"letter"|"policy",
                     "page"}],"problems":[…]}; --schema KEY: the create-case schema (default: the environment's)
  case-draft exit codes: as text (1 when a file gives no text; 3 when the platform's schema cannot be had)`;

export function parseCaseDraftArgs(argv: string[]) {
  const { values, positionals } = parseCliArgs(argv, { ...CONNECTION_OPTIONS, schema: { type: 'string' } });
  const [command, ...files] = positionals;
  if (command !== 'case-draft') throw new UsageError('expected case-draft');
  if (files.length === 0) throw new UsageError('case-draft needs at least one FILE');
  const { schema, ...connection } = values;
  const flags: string[] = ['run'];
  for (const [name, value] of Object.entries(connection)) {
    if (value === true) flags.push(`--${name}`);
    else if (typeof value === 'string') flags.push(`--${name}`, value);
    else if (Array.isArray(value)) for (const v of value) flags.push(`--${name}`, v);
  }
  return { files, ...(schema !== undefined ? { schema } : {}), agent: parseAgentArgs(flags) };
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
    const text = new DocumentTextService({ dataDir: work, poolSize: 1 });
    cleanups.unshift(() => text.close());
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
        },
        file,
      );
      if (read && !read.ok) {
        out(JSON.stringify({ file, error: 'unreadable', message: read.message }));
        code = CAPTURE_EXIT_CODES.notPages;
        continue;
      }
      out(JSON.stringify({ file, fields: draftFields(draft), problems: draft.problems }));
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
