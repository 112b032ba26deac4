import { isIntakeError } from '../core/errors';
import type { InboxUploader } from '../core/queue/inbox-uploader';

/** Under --once: attempts in a row that reach neither the platform nor its token endpoint before giving up. */
export const DEFAULT_UNREACHABLE_TRIES = 5;

export interface UnreachableStop {
  code: string;
  message: string;
}

/**
 * Counts attempts in a row that could not reach the platform or the token endpoint: uploads failing
 * with kind `unreachable` and reachability probes that fail. The queue retries those for ever (right
 * for a station that runs all day), but `--once` must end: after `limit` of them it gives up and says
 * which address was out of reach. An upload that got any answer from the platform starts the count
 * again; a probe that succeeds does not, since the token endpoint may be the one out of reach.
 */
export class UnreachableBudget {
  private streak = 0;
  private last: UnreachableStop | undefined;

  constructor(
    private readonly limit: number,
    private readonly baseUrl: string,
  ) {}

  /** Set once `limit` attempts in a row reached nothing. */
  get exhausted(): UnreachableStop | undefined {
    return this.streak >= this.limit ? this.last : undefined;
  }

  get tries(): number {
    return this.streak;
  }

  uploader(inner: InboxUploader): InboxUploader {
    return {
      uploadToInbox: async (request) => {
        try {
          const response = await inner.uploadToInbox(request);
          this.reached();
          return response;
        } catch (e) {
          if (isIntakeError(e) && e.kind === 'unreachable') this.missed({ code: e.code, message: e.message });
          else if (!(isIntakeError(e) && e.kind === 'cancelled')) this.reached();
          throw e;
        }
      },
    };
  }

  probe(inner: () => Promise<boolean>): () => Promise<boolean> {
    return async () => {
      const ok = await inner();
      if (!ok) {
        this.missed({
          code: 'network.platform_unreachable',
          message: `The platform at ${this.baseUrl} cannot be reached (no answer to a HEAD request). Check the network, the proxy and NO_PROXY, and the base URL.`,
        });
      }
      return ok;
    };
  }

  private reached(): void {
    this.streak = 0;
    this.last = undefined;
  }

  private missed(stop: UnreachableStop): void {
    this.streak++;
    this.last = stop;
  }
}
