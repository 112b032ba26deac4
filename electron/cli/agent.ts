import { realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Document } from '../../shared/domain/document';
import { isOfficeOutOfReach } from '../core/office/office-reachability';
import type { IntakePipeline } from '../core/intake-pipeline';
import { systemClock } from '../core/util/clock';
import { DataFolderInUseError, lockDataFolder } from '../core/util/data-folder-lock';
import { formatLogText } from '../core/util/log-text';
import { JsonLineLogger } from '../core/util/logger';
import { RotatingLogFile } from '../core/util/rotating-log-file';
import { runStatusCommand } from './agent-station';
import { runClearStale, runFleetStatus } from './agent-fleet';
import { takeOfficePasswordFromEnv } from '../core/secrets/office-password';
import { createAgentCore } from './agent-core';
import type { Logger } from '../core/util/logger';
import type { AgentArgs } from './agent-args';
import { parseAgentArgs, USAGE, UsageError } from './agent-args';
import { loadAgentConfig, takeClientSecretFromEnv } from './agent-config';
import { loadClientKey, takeClientKeyFromEnv } from './agent-key';
import type { UnreachableBudget } from './agent-reachability';
import { checkDataFolder, DataFolderUnusableError } from './agent-data-folder';
import type { OfficeMembership } from '../core/office/office-membership';
import {
  EXIT,
  configurationStopOf,
  logStopReasons,
  OFFICE_UNREACHABLE_ONCE_MS,
  STORAGE_TRIES_ONCE,
  stopReasonOf,
} from './agent-stop-reason';
import {
  filesFingerprint,
  inputFilesOf,
  inputsFingerprint,
  RestartRequested,
  waitWhileStopped,
  watchInputs,
} from './agent-stopped';
import { agentBuild, agentVersionLine } from './agent-version';
import { collectSentAsScanned } from './agent-sent-as-scanned';
import type { SentAsScanned } from './agent-sent-as-scanned';

/**
 * The headless agent: the same core as the app, no window. stdout carries results (list lines, the
 * --once summary) as JSON; stderr carries the JSON log lines.
 */
export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  // First of all: out of the environment, so no child process inherits it.
  const envSecret = takeClientSecretFromEnv(env);
  const envKey = takeClientKeyFromEnv(env);
  const envOfficePassword = takeOfficePasswordFromEnv(env);
  // Capture commands need no platform, queue or keychain: the capture core only (loaded only for them).
  if (argv[0] === 'pages' || argv[0] === 'split') return (await import('./capture-cli')).runCaptureCli(argv);
  if (argv[0] === 'text') return (await import('./text-cli')).runTextCli(argv);
  // The platform is asked (schema, policy search), but no queue, lock or data folder is needed.
  if (argv[0] === 'case-draft')
    return (await import('./case-draft-cli')).runCaseDraftCli(argv, env, { secret: envSecret, key: envKey });
  if (argv[0] === 'scanners') return (await import('./scan-cli')).runScannersCli(argv, env);
  if (argv[0] === 'service-folders') return (await import('./service-folders-cli')).runServiceFoldersCli(argv, env);
  let args: AgentArgs;
  try {
    args = parseAgentArgs(argv, env);
  } catch (e) {
    process.stderr.write(`intake-agent: ${(e as Error).message}\n\n${USAGE}\n`);
    // Under a service manager a bad definition would restart in a loop: wait, stopped, for the stop.
    if (argv.includes('--service')) return waitForSignal();
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (args.version) {
    process.stdout.write(`${agentVersionLine()}\n`);
    return 0;
  }
  // Reads only: no log file, no lock, no queue.
  if (args.command === 'status' && args.office) {
    const stderrLog = new JsonLineLogger((line) => process.stderr.write(`${line}\n`), args.logLevel, {
      app: 'intake-agent',
    });
    try {
      // Loaded only for this command: the PostgreSQL client is no part of every agent's start.
      const { runOfficeStatus } = await import('./agent-office');
      return await runOfficeStatus(args, { envPassword: envOfficePassword, logger: stderrLog });
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      process.stderr.write(`intake-agent: ${e.message}\n`);
      return 2;
    }
  }
  if (args.command === 'status' && args.folder !== undefined) return runFleetStatus(resolve(args.folder), args.names);
  if (args.command === 'clear-stale') return runClearStale(resolve(args.folder ?? '.'), args.giveBack);
  if (args.command === 'status') return runStatusCommand(resolve(args.data));
  // Every line also goes to <data>/logs/agent.log (JSON lines, rotated): a service's console may go nowhere.
  const logFile =
    args.command === 'list' ? undefined : new RotatingLogFile(join(resolve(args.data), 'logs', 'agent.log'));
  const logger: Logger = new JsonLineLogger(
    (line, entry) => {
      logFile?.append(line);
      if (LEVELS.indexOf(entry.level) < LEVELS.indexOf(args.consoleLogLevel ?? 'debug')) return;
      process.stderr.write(`${args.logFormat === 'text' ? formatLogText(entry) : line}\n`);
    },
    args.logLevel,
    { app: 'intake-agent' },
  );
  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    for (const c of cleanups.reverse()) await c().catch((e: unknown) => logger.warn('clean-up failed', { error: e }));
    cleanups.length = 0;
  };
  const fromEnv = { secret: envSecret, key: envKey, officePassword: envOfficePassword };
  try {
    const code =
      args.service && args.command === 'run' && !args.once
        ? await runAsService(args, env, fromEnv, logger, cleanups, cleanup)
        : await runCommand(args, env, fromEnv, logger, cleanups);
    // An interrupted --once (or upload) printed where things stood; it did not finish, so it is no success.
    return interruption.signal && (args.once || args.command === 'upload' || args.command === 'scan')
      ? EXIT.interrupted
      : code;
  } catch (e) {
    if (e instanceof UsageError || e instanceof DataFolderUnusableError) {
      process.stderr.write(`intake-agent: ${e.message}\n`);
      await cleanup();
      return 2;
    }
    if (e instanceof DataFolderInUseError) {
      process.stderr.write(`intake-agent: ${e.message}\n`);
      await cleanup();
      return EXIT.folderInUse;
    }
    logger.error('agent failed', { error: e });
    await cleanup();
    return 1;
  } finally {
    await cleanup();
  }
}

/**
 * `run --service`: a configuration error (settings, key file, data folder, metrics port, folder in use)
 * does not end the agent. It logs the reason once, waits stopped (status and metrics say why) and tries
 * again when an input changes; only SIGTERM/SIGINT (0) or a crash (1) end it, so no service manager loops.
 */
async function runAsService(
  args: AgentArgs,
  env: NodeJS.ProcessEnv,
  fromEnv: AgentSecretsFromEnv,
  logger: Logger,
  cleanups: Array<() => Promise<void>>,
  cleanup: () => Promise<void>,
): Promise<number> {
  const dataDir = resolve(args.data);
  const files = inputFilesOf(args);
  let logged: string | undefined;
  for (;;) {
    const fingerprint = await inputsFingerprint(files, dataDir);
    const filesBefore = await filesFingerprint(files);
    try {
      return await runCommand(args, env, fromEnv, logger, cleanups, filesBefore);
    } catch (e) {
      if (e instanceof RestartRequested) {
        await cleanup();
        logged = undefined; // it ran: the same stop again is news again
        continue;
      }
      const stop = configurationStopOf(e);
      if (!stop) throw e;
      await cleanup();
      const news = logged !== `${stop.code}\n${stop.message}`;
      logged = `${stop.code}\n${stop.message}`;
      const next = await waitWhileStopped({
        stop,
        dataDir,
        metricsPort: args.metricsPort,
        files,
        fingerprint,
        logger,
        // Logged once the status file and metrics say it, so `status` right after the line agrees with it.
        onStopped: () => {
          if (news) logger.error('agent stopped', { code: stop.code, reason: stop.message, action: stop.action });
        },
      });
      if (next === 'signal') return 0;
      logger.info('configuration changed; starting again');
    }
  }
}

/** Resolves with 0 on the first SIGTERM/SIGINT. */
function waitForSignal(): Promise<number> {
  return new Promise((resolve) => {
    const timer = setInterval(() => undefined, 1 << 30); // keeps the process alive
    const done = () => {
      clearInterval(timer);
      resolve(0);
    };
    process.once('SIGTERM', done);
    process.once('SIGINT', done);
  });
}

/** What the agent took from its environment at start (and removed from it, so nothing it starts inherits it). */
interface AgentSecretsFromEnv {
  secret: string | undefined;
  key: string | undefined;
  /** $INTAKE_OFFICE_PASSWORD. */
  officePassword: string | undefined;
}

async function runCommand(
  args: AgentArgs,
  env: NodeJS.ProcessEnv,
  fromEnv: AgentSecretsFromEnv,
  logger: Logger,
  cleanups: Array<() => Promise<void>>,
  /** Under a service: the settings and key files as they were before this run read them (watchInputs). */
  filesBeforeStart?: string,
): Promise<number> {
  const dataDir = resolve(args.data);
  // Before anything opens it: a folder this user cannot create or write is a setting to fix (exit 2).
  await checkDataFolder(dataDir);
  let sandbox: { baseUrl: string; tokenUrl: string; clientId: string; secret: string } | undefined;
  if (args.sandbox) {
    // Demo and bench only: the embedded platform, in this process.
    const { startSandbox } = await import('../../sandbox');
    const s = await startSandbox({ dataDir: resolve(dataDir, 'sandbox'), port: Number(env.INTAKE_SANDBOX_PORT ?? 0) });
    cleanups.push(() => s.close());
    sandbox = {
      baseUrl: s.baseUrl,
      tokenUrl: s.tokenUrl,
      clientId: s.demoClient.clientId,
      secret: s.demoClient.secret,
    };
    logger.info('embedded sandbox started', { baseUrl: s.baseUrl });
  }
  const envSecret = fromEnv.secret;
  // --key-file or $INTAKE_CLIENT_KEY: private_key_jwt without a keychain (checked: owner-only file, usable key).
  const clientKey = await loadClientKey({
    ...(args.keyFile !== undefined ? { keyFile: args.keyFile } : {}),
    ...(fromEnv.key !== undefined ? { envKey: fromEnv.key } : {}),
  });
  const config = await loadAgentConfig(args, {
    hasClientKey: clientKey !== undefined,
    clock: systemClock,
    logger,
    requirePlatform: args.command === 'run' || args.command === 'upload' || args.command === 'scan' || args.once,
    ...(sandbox ? { sandbox } : {}),
  });
  // An office database (--office-database, or the settings'): the watched folders' files are claimed through
  // it (issue #50 item 4). Loaded only then: the PostgreSQL client is no part of every agent's start.
  const office =
    args.command === 'run' && (args.officeDatabase || config.settings.office)
      ? await (
          await import('./agent-office')
        ).joinOfficeOf(args, config.settings, dataDir, { envPassword: fromEnv.officePassword, logger })
      : undefined;
  // Closed after the pipeline stopped (clean-ups run last first): nothing claims any more by then.
  if (office) cleanups.push(() => office.close());
  // --once and upload must end even when nothing can be reached; a station that runs all day keeps trying.
  const drains = args.once || args.command === 'upload' || args.command === 'scan';
  const { bus, pipeline, budget, startReporting, releaseMemoryWhenIdle } = await createAgentCore({
    dataDir,
    config,
    // The embedded sandbox's demo client needs no keychain entry.
    clientSecret:
      envSecret ?? (sandbox && config.environment.clientId === sandbox.clientId ? sandbox.secret : undefined),
    clientKey,
    env,
    logger,
    watchFolders: args.command === 'run',
    unreachableTries: drains ? args.unreachableTries : Infinity,
    ...(office ? { office } : {}),
  });
  // Before anything is sent: the --once summary names every document sent as scanned in this run.
  const sentAsScanned = collectSentAsScanned(bus);
  cleanups.push(async () => sentAsScanned.stop());
  let stopped = false;
  const stopPipeline = async () => {
    if (stopped) return;
    stopped = true;
    await pipeline.stop();
  };
  cleanups.push(stopPipeline);

  if (args.command === 'list') {
    const { documents } = await pipeline.queue.list({ limit: 20_000, offset: 0 });
    for (const d of documents) process.stdout.write(`${JSON.stringify(summaryOf(d))}\n`);
    return 0;
  }
  if (args.command === 'retry') {
    const failed = (await pipeline.queue.list({ states: ['failed'], limit: 20_000, offset: 0 })).documents.filter(
      (d) => d.error?.code !== 'file.empty' && d.error?.code !== 'file.unreadable',
    );
    if (failed.length > 0) await pipeline.queue.retry(failed.map((d) => d.id));
    process.stdout.write(`${JSON.stringify({ retried: failed.length })}\n`);
    if (!args.once) return 0;
  }

  // One owner per data folder, held by the OS (DataFolderInUseError when another agent or the app has it).
  const lock = lockDataFolder(dataDir, 'intake-agent');
  cleanups.unshift(async () => lock.release()); // released last, after the pipeline stopped

  const signals = installSignalHandlers(logger, stopPipeline, (signal) => {
    // Interrupted --once/upload: the summary of where things stand, before the queue closes.
    if (args.once || args.command === 'upload' || args.command === 'scan')
      return writeInterruptedSummary(pipeline, signal, sentAsScanned.list);
  });
  cleanups.push(async () => signals.dispose());
  // After the lock: the status file and metrics belong to the folder's owner.
  const reporting = await startReporting(args.metricsPort);
  cleanups.push(reporting.stop);
  await pipeline.start();
  const build = agentBuild();
  logger.info('agent started', {
    version: build.version,
    commit: build.commit,
    ...(build.note ? { commitUnknown: build.note } : {}),
    dataDir,
    environment: config.environment.id,
    folders: config.settings.folders.map((f) => f.path),
  });

  if (args.command === 'upload') return uploadOne(args, pipeline, signals.stopped, logger, budget, sentAsScanned.list);
  // Drains the queue as --once does, then prints the summary (and, in office mode, stops when the office
  // database stayed out of reach).
  const drain = () =>
    drainAndSummarise(
      pipeline,
      signals.stopped,
      logger,
      budget,
      sentAsScanned.list,
      office && onceOfficeStop(office, args.unreachableTries),
    );
  if (args.command === 'scan') {
    const { scanOne, leftForClerk } = await import('./scan-cli');
    const scanned = await scanOne(args, pipeline, config.settings.folders, dataDir, logger);
    const code = await drain();
    if (scanned.code !== undefined || code !== EXIT.ok || !scanned.batchId) return scanned.code ?? code;
    return (await leftForClerk(pipeline, scanned.batchId)) ?? code;
  }
  if (!args.once && args.command === 'run') {
    const stopLog = logStopReasons(bus, pipeline.queue, logger);
    cleanups.push(async () => stopLog());
    const stopReleasing = releaseMemoryWhenIdle();
    cleanups.push(async () => stopReleasing());
    if (!args.service) {
      await signals.stopped;
      return 0;
    }
    // Under a service, uploads stopped on a configuration error (wrong client id, a key the platform does
    // not know …) start again when the settings or key file change: no restart of the service needed.
    const fixed = watchInputs(inputFilesOf(args), () => pipeline.queue.pauseReason !== undefined, filesBeforeStart);
    cleanups.push(async () => fixed.dispose());
    if ((await Promise.race([signals.stopped, fixed.changed.then(() => 'changed' as const)])) !== 'changed') return 0;
    logger.info('configuration changed while uploads were stopped; starting again');
    throw new RestartRequested();
  }
  return drain();
}

async function uploadOne(
  args: AgentArgs,
  pipeline: IntakePipeline,
  stopped: Promise<void>,
  logger: Logger,
  budget: UnreachableBudget,
  sentAsScanned: SentAsScanned[],
): Promise<number> {
  // A file named on the command line is the user's explicit choice: a link is resolved here, so the spool
  // copy (which never follows links) reads the file it points to.
  const named = resolve(args.file ?? '');
  const path = await realpath(named).catch(() => named);
  const s = await stat(path).catch(() => undefined);
  if (!s?.isFile()) throw new UsageError(`not a file: ${path}`);
  const r = await pipeline.queue.ingest({
    sourcePath: path,
    folder: dirname(path),
    fileName: basename(path).normalize('NFC'),
    size: s.size,
    mtimeMs: Math.trunc(s.mtimeMs),
    seenKey: `cli-upload\u0000${randomUUID()}`,
    metadata: args.meta,
    autoSubmit: true,
    keepSource: true,
  });
  if (r.outcome !== 'created') throw new Error(`the file changed while it was read: ${path}`);
  if (r.document.duplicateOf) {
    process.stdout.write(
      `${JSON.stringify({ ...summaryOf(r.document), message: `same content already uploaded as ${r.document.duplicateOf}` })}\n`,
    );
    return 1;
  }
  return drainAndSummarise(pipeline, stopped, logger, budget, sentAsScanned);
}

/** --once: wait for the folders' files to be taken and the queue to drain (failed ones may remain). */
async function drainAndSummarise(
  pipeline: IntakePipeline,
  stopped: Promise<void>,
  logger: Logger,
  budget: UnreachableBudget,
  sentAsScanned: SentAsScanned[],
  officeStop?: () => { code: string; message: string } | undefined,
): Promise<number> {
  let interrupted = false;
  let office: { code: string; message: string } | undefined;
  void stopped.then(() => (interrupted = true));
  for (;;) {
    // The signal's flag, set at once: `stopped` resolves only after the queue closed, and meanwhile a
    // stopping folder counts as having nothing pending, which would print a second, normal summary.
    if (interrupted || interruption.signal) return 0;
    // Read now, not the snapshot: the last file may have become a queued document since its last read.
    const status = await pipeline.queue.freshStatus();
    const c = status.counts;
    if (status.paused || budget.exhausted || storageGaveUp(pipeline)) break;
    office = officeStop?.();
    if (office) break;
    // An office station's batches are in the office database: out of reach (or not joined yet), it waits
    // for the database or for officeStop to give up, as for everything else it cannot read.
    const batchesPending = await pipeline.capture.pending().catch((e: unknown) => {
      if (officeStop && isOfficeOutOfReach(e)) return 1;
      throw e;
    });
    if (
      pipeline.folders.pending() === 0 &&
      batchesPending === 0 &&
      c.queued === 0 &&
      c.uploading === 0 &&
      c.uploaded === 0
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const status = await pipeline.queue.freshStatus();
  // An office database out of reach cannot list the failed documents: the summary says none it could read
  // (the stop reason below says why).
  const failed = await pipeline.queue
    .list({ states: ['failed'], limit: 1000, offset: 0 })
    .then((r) => r.documents)
    .catch((e: unknown) => {
      if (officeStop && isOfficeOutOfReach(e)) return [];
      throw e;
    });
  // A configuration stop (wrong secret, no keychain, proxy refusing us …): say why and what to do.
  // …or, under --once, nothing could be reached --unreachable-tries times in a row.
  const storage = storageGaveUp(pipeline) ? status.storage : undefined;
  const reason =
    pipeline.queue.pauseReason ??
    budget.exhausted ??
    (storage && { code: storage.code, message: storage.reason }) ??
    office;
  const stop = reason ? stopReasonOf(reason) : undefined;
  if (stop) logger.error('uploads stopped', { code: stop.code, reason: stop.message, action: stop.action });
  const summary = {
    summary: status.counts,
    paused: status.paused,
    ...(stop ? { stopped: stop } : {}),
    failed: failed.map((d) => ({ id: d.id, fileName: d.fileName, code: d.error?.code, message: d.error?.message })),
    sentAsScanned,
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  if (stop)
    return pipeline.queue.pauseReason || stop.code === 'office.refused'
      ? EXIT.configuration
      : storage
        ? EXIT.storage
        : EXIT.unreachable;
  return failed.length > 0 || status.paused ? EXIT.documentsFailed : EXIT.ok;
}

/**
 * --once with an office database (issue #50 item 5): its files wait in the folder while the database is out
 * of reach, so a run that must end gives up: refused at once; out of reach `tries` tries to join in a row,
 * or OFFICE_UNREACHABLE_ONCE_MS in a row after it joined. A running station instead waits and goes on.
 */
function onceOfficeStop(
  office: Pick<OfficeMembership, 'state' | 'failedJoins'>,
  tries: number,
): () => { code: string; message: string } | undefined {
  return () => {
    const s = office.state();
    const why = s.reason ? `: ${s.reason}` : '';
    if (s.state === 'refused')
      return { code: 'office.refused', message: `the office database ${s.database} refused this station${why}` };
    const outFor = s.state === 'unreachable' && s.since ? Date.now() - Date.parse(s.since) : 0;
    if (office.failedJoins >= tries || outFor >= OFFICE_UNREACHABLE_ONCE_MS)
      return {
        code: 'office.unreachable',
        message: `the office database ${s.database} could not be reached${why}; nothing was taken from the watched folders meanwhile`,
      };
    return undefined;
  };
}

/** --once: the data folder failed STORAGE_TRIES_ONCE tries in a row, so nothing more can go on. */
function storageGaveUp(pipeline: IntakePipeline): boolean {
  return pipeline.queue.health.attempts >= STORAGE_TRIES_ONCE;
}

function summaryOf(d: Document) {
  return {
    id: d.id,
    fileName: d.fileName,
    state: d.state,
    size: d.size,
    attempts: d.attempts,
    ...(d.metadata.caseNumber ? { caseNumber: d.metadata.caseNumber } : {}),
    ...(d.error ? { error: `${d.error.code}: ${d.error.message}` } : {}),
    updatedAt: d.updatedAt,
  };
}

/** Log levels, least first (for --console-log-level). */
const LEVELS = ['debug', 'info', 'warn', 'error'] as const;

/** The first signal of this run, if any (an interrupted --once exits EXIT.interrupted). */
const interruption: { signal?: NodeJS.Signals } = {};

/** What an interrupted --once prints: the counts, the failed documents so far, and the signal. */
async function writeInterruptedSummary(
  pipeline: IntakePipeline,
  signal: NodeJS.Signals,
  sentAsScanned: SentAsScanned[],
): Promise<void> {
  const status = pipeline.queue.status();
  const failed = (await pipeline.queue.list({ states: ['failed'], limit: 1000, offset: 0 })).documents;
  const summary = {
    summary: status.counts,
    paused: status.paused,
    interrupted: signal,
    failed: failed.map((d) => ({ id: d.id, fileName: d.fileName, code: d.error?.code, message: d.error?.message })),
    sentAsScanned,
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}

/**
 * First SIGTERM/SIGINT: stop taking files, abort in-flight uploads back to queued; `run` exits 0, an
 * interrupted --once prints its summary (onSignal, before the queue closes) and exits 130. Second: exit now.
 */
function installSignalHandlers(
  logger: Logger,
  stop: () => Promise<void>,
  onSignal: (signal: NodeJS.Signals) => void | Promise<void> = () => undefined,
) {
  let resolveStopped: () => void = () => undefined;
  const stopped = new Promise<void>((r) => (resolveStopped = r));
  let count = 0;
  const handler = (signal: NodeJS.Signals) => {
    count++;
    if (count > 1) process.exit(130);
    interruption.signal = signal;
    logger.info('stopping', { signal });
    // The summary is read before the queue closes: stopping waits for it.
    void (async () => {
      try {
        await onSignal(signal);
      } catch (e) {
        logger.warn('could not write the summary', { error: e });
      }
      await stop();
    })().finally(resolveStopped);
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
  return {
    stopped,
    dispose: () => {
      process.off('SIGTERM', handler);
      process.off('SIGINT', handler);
    },
  };
}

/** How long the process may take to end by itself after main returned (entry point below). */
const EXIT_GRACE_MS = 5_000;

// Entry point (npm run agent, bin/intake-agent.mjs).
if (process.argv[1] && /agent\.ts$|intake-agent(\.mjs)?$/.test(process.argv[1])) {
  // A test's stand-in for a handle a stop missed (agent-exit.test.ts): it would keep the process for ever.
  if (process.env['INTAKE_TEST_LEAVE_HANDLE']) setInterval(() => undefined, 1 << 30);
  void main(process.argv.slice(2), process.env).then((code) => {
    process.exitCode = code;
    // Everything was stopped and closed, so the process ends by itself once nothing is left. A handle a
    // stop missed must not keep an agent from ending (a service manager would wait, then kill it): after
    // a grace it is named on stderr, in the log's format, and the agent exits with its code anyway.
    setTimeout(() => {
      process.stderr.write(
        `${JSON.stringify({
          time: new Date().toISOString(),
          level: 'warn',
          message: 'the agent did not end by itself after it stopped; ending it',
          app: 'intake-agent',
          exitCode: code,
          left: process.getActiveResourcesInfo(),
        })}\n`,
      );
      process.exit(code);
    }, EXIT_GRACE_MS).unref();
  });
}
