import type { Logger } from '../util/logger';
import type { MetricsServer } from './metrics-server';
import type { StationMonitor } from './station-monitor';

/**
 * The desktop app's opt-in metrics endpoint (settings → monitoring.metricsPort; off by default): started,
 * moved or stopped whenever the setting changes. It serves the app's own StationMonitor (core/app.ts) through
 * the registry the agent builds too (createMetricsRegistry); the agent serves its own monitor with
 * cli/agent-metrics.ts, where a port in use stops it, while here it is logged and the app goes on.
 */
export class MetricsEndpoint {
  private server: MetricsServer | undefined;
  private port: number | undefined;
  private applying: Promise<void> = Promise.resolve();

  constructor(
    private readonly monitor: StationMonitor,
    private readonly logger: Logger,
  ) {}

  /** The URL being served, if any. */
  get url(): string | undefined {
    return this.server?.url;
  }

  /** Serves on `port` (undefined: off). Changes apply one after the other; a port in use is logged. */
  apply(port: number | undefined): Promise<void> {
    this.applying = this.applying.then(async () => {
      if (port === this.port) return;
      await this.server?.close();
      this.server = undefined;
      this.port = port;
      if (port === undefined) return;
      try {
        // prom-client only once someone asks for metrics.
        const { createMetricsRegistry, startMetricsServer } = await import('./metrics-server');
        this.server = await startMetricsServer(createMetricsRegistry(this.monitor), port);
        this.logger.info('metrics served', { url: this.server.url });
      } catch (e) {
        this.port = undefined;
        this.logger.error('metrics endpoint not started', { port, error: e });
      }
    });
    return this.applying;
  }

  close(): Promise<void> {
    return this.apply(undefined);
  }
}
