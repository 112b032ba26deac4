import type { ConnectionState } from '../../../shared/domain/connection';
import type { EventBus } from '../events/event-bus';
import type { Clock } from '../util/clock';

/**
 * The one place that knows whether the platform is reachable and whether we hold a valid token. The token
 * client, the uploader and the reachability probe report into it; the status bar and the tray read it.
 */
export class ConnectionMonitor {
  private state: ConnectionState = { network: 'unknown', token: 'none' };

  constructor(
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  get current(): ConnectionState {
    return this.state;
  }

  update(patch: Partial<ConnectionState>): void {
    const next: ConnectionState = { ...this.state, ...patch, checkedAt: new Date(this.clock.now()).toISOString() };
    if ('configurationError' in patch && patch.configurationError === undefined) delete next.configurationError;
    const changed =
      next.network !== this.state.network ||
      next.token !== this.state.token ||
      next.tokenExpiresAt !== this.state.tokenExpiresAt ||
      next.configurationError?.code !== this.state.configurationError?.code;
    this.state = next;
    if (changed) this.bus.emit({ type: 'connection.changed', state: next });
  }

  online(): void {
    this.update({ network: 'online' });
  }

  offline(): void {
    this.update({ network: 'offline' });
  }
}
