import type { Environment } from '../../../shared/domain/settings';

/** Every path of the spec relative to the environment's base URL; each variable segment percent-encoded. */
const seg = (value: string): string => encodeURIComponent(value);

export class PlatformPaths {
  private readonly base: string;

  constructor(private readonly environment: Pick<Environment, 'baseUrl' | 'country' | 'tenant'>) {
    this.base = environment.baseUrl.replace(/\/+$/, '');
  }

  private tenantPath(): string {
    return `${this.base}/${seg(this.environment.country)}/${seg(this.environment.tenant)}/v1`;
  }

  inputSchema(key: string): string {
    return `${this.base}/api/Schemas/input/${seg(key)}`;
  }
  outputSchema(key: string): string {
    return `${this.base}/api/Schemas/output/${seg(key)}`;
  }
  createCase(): string {
    return `${this.tenantPath()}/case`;
  }
  /** The only version of the operation is v1. */
  validateAccount(): string {
    return `${this.base}/v1/material/validateaccount`;
  }
  digitalInbox(): string {
    return `${this.tenantPath()}/digital-inbox/file`;
  }
  customers(query: { date: string; q: string; limit: number; after?: number }): string {
    const params = new URLSearchParams({ date: query.date, q: query.q, limit: String(query.limit) });
    if (query.after !== undefined) params.set('after', String(query.after));
    return `${this.base}/customers?${params.toString()}`;
  }
  claimFiles(claimId: string): string {
    return `${this.base}/api/claims/${seg(claimId)}/files/files`;
  }
  claimInformation(claimId: string): string {
    return `${this.base}/api/claims/${seg(claimId)}/details/information`;
  }
  /** The sandbox's event feed (the real delivery is not shown in the spec). */
  caseEvents(query: { after?: string; limit?: number }): string {
    const params = new URLSearchParams();
    if (query.after !== undefined) params.set('after', query.after);
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    const qs = params.toString();
    return `${this.base}/api/case-events${qs ? `?${qs}` : ''}`;
  }
}
