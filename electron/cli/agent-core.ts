import type { TokenStatus } from '../core/auth/token-client';
import { EventBus } from '../core/events/event-bus';
import { createNodeFetch } from '../core/http/node-fetch';
import { createIntakePipeline } from '../core/intake-pipeline';
import type { IntakePipeline } from '../core/intake-pipeline';
import { createPlatformClient } from '../core/platform/create-platform-client';
import { uploadBufferPool } from '../core/platform/multipart-body';
import { createReachabilityProbe } from '../core/queue/reachability-probe';
import { CredentialStore } from '../core/secrets/credential-store';
import { KeytarSecretStore } from '../core/secrets/keytar-secret-store';
import { systemClock } from '../core/util/clock';
import type { Logger } from '../core/util/logger';
import type { AgentConfig } from './agent-config';
import { AgentCredentials } from './agent-config';
import { releaseMemoryWhenIdle } from './agent-idle-memory';
import { UnreachableBudget } from './agent-reachability';
import { startStationReporting } from './agent-station';
import { AGENT_VERSION } from './agent-version';
import type { OfficeMembership } from '../core/office/office-membership';

export interface AgentCoreOptions {
  dataDir: string;
  config: AgentConfig;
  /** From $INTAKE_CLIENT_SECRET (or the embedded sandbox's demo client); otherwise the keychain's. */
  clientSecret: string | undefined;
  /** From --key-file or $INTAKE_CLIENT_KEY (checked PEM); otherwise the keychain's. */
  clientKey: string | undefined;
  env: NodeJS.ProcessEnv;
  logger: Logger;
  /** Watch the configured folders (`run`); the other commands work on the queue only. */
  watchFolders: boolean;
  /** --once and upload must end even when nothing can be reached: attempts in a row before giving up. */
  unreachableTries: number;
  /** The office database this station works with (issue #50): its folders are claimed through it. */
  office?: OfficeMembership;
}

export interface AgentCore {
  bus: EventBus;
  pipeline: IntakePipeline;
  budget: UnreachableBudget;
  /** Gives the burst's memory back once the queue is quiet (agent-idle-memory.ts); returns the stop. */
  releaseMemoryWhenIdle(): () => void;
  /**
   * The station's status file, document-life log lines and (with a port) metrics. Only the data folder's
   * owner reports, so the agent starts this after it took the lock; token failures count from then on.
   */
  startReporting(metricsPort: number | undefined): Promise<{ stop: () => Promise<void> }>;
}

/**
 * The headless agent's composition root (the CLI and `Intake Desk --headless` both run it through
 * agent.ts `main`): the one place that builds the agent's services and hands each its dependencies.
 * The window and the web shell are composed in core/app.ts; docs/architecture.md says how the two differ.
 */
export async function createAgentCore(o: AgentCoreOptions): Promise<AgentCore> {
  const { config, logger, office } = o;
  const http = createNodeFetch(o.env);
  // The keychain is opened only when a secret or key is asked for and none was given.
  const credentials = new AgentCredentials(
    () => new CredentialStore(new KeytarSecretStore(), logger),
    o.clientSecret,
    o.clientKey,
  );
  // The station monitor exists only once reporting starts; token failures before that are not counted.
  const tokenStatus: { listener?: (status: TokenStatus) => void } = {};
  // The uploads' read buffers, handed in so an idle agent can let them go (agent-idle-memory.ts).
  const uploadBuffers = uploadBufferPool();
  const { api } = createPlatformClient({
    environment: config.environment,
    credentials,
    fetch: http,
    clock: systemClock,
    logger,
    onTokenStatus: (status) => tokenStatus.listener?.(status),
    uploadBuffers,
  });
  const bus = new EventBus();
  const budget = new UnreachableBudget(o.unreachableTries, config.environment.baseUrl);
  const pipeline = await createIntakePipeline({
    dataDir: o.dataDir,
    settings: o.watchFolders ? config.settings : { ...config.settings, folders: [] },
    uploader: budget.uploader(api),
    probe: budget.probe(createReachabilityProbe(http, config.environment.baseUrl)),
    bus,
    clock: systemClock,
    logger,
    version: AGENT_VERSION,
    ...(o.office ? { office: o.office } : {}),
  });
  return {
    bus,
    pipeline,
    budget,
    releaseMemoryWhenIdle: () => releaseMemoryWhenIdle({ bus, buffers: uploadBuffers, database: pipeline.db, logger }),
    async startReporting(metricsPort) {
      const station = await startStationReporting({
        dataDir: o.dataDir,
        bus,
        queue: pipeline.queue,
        logger,
        sharedFolders: () =>
          pipeline.folders
            .sharedStations()
            .map(({ path, claims, reason, stations }) => ({ path, claims, ...(reason ? { reason } : {}), stations })),
        ...(office ? { office: () => office.state() } : {}),
        ...(metricsPort !== undefined ? { metricsPort } : {}),
      });
      tokenStatus.listener = station.monitor.onTokenStatus;
      return { stop: station.stop };
    },
  };
}
