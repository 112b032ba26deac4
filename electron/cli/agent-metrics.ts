import type { MetricsServer, MetricsSource } from '../core/health/metrics-server';
import type { Logger } from '../core/util/logger';
import { UsageError } from './agent-args';

/**
 * The agent's --metrics-port. A port in use is a configuration error, not a log line: an agent that keeps
 * running without its endpoint lets Prometheus scrape whatever else listens there (another agent's
 * figures) as this station's. Without --service the agent exits 2; with it, it waits stopped and tries
 * again (agent-stopped.ts).
 */
export async function serveAgentMetrics(source: MetricsSource, port: number, logger: Logger): Promise<MetricsServer> {
  // prom-client is loaded only when a port is given: the agent's start stays quick without it.
  const { createMetricsRegistry, startMetricsServer } = await import('../core/health/metrics-server');
  try {
    const server = await startMetricsServer(createMetricsRegistry(source), port);
    logger.info('metrics served', { url: server.url });
    return server;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES')
      throw new UsageError(
        `the metrics port ${port} on 127.0.0.1 cannot be used (${code === 'EADDRINUSE' ? 'in use by another process' : 'permission denied'})`,
        'metrics.port_in_use',
      );
    throw e;
  }
}
