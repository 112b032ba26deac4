import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildFormModel } from '../../../shared/forms/build-form-model';
import type { CaseSchemaAnswer } from '../../../shared/domain/cases';
import { SchemaDescriptionSchema } from '../../../shared/platform/schema-description';
import type { SchemaDescription } from '../../../shared/platform/schema-description';
import { isIntakeError } from '../errors';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import type { CasePlatform } from './case-ports';

export interface SchemaCacheDeps {
  /** The platform of one environment; the cache is per environment (one instance each, or keyed). */
  platform: (environmentId: string) => CasePlatform;
  /** `<dataDir>/schemas`: the last copy of each schema, for when the platform cannot be reached. */
  dir: string;
  clock: Clock;
  logger: Logger;
}

interface Entry {
  fetchedAt: string;
  schema: SchemaDescription;
}

/** Failures where an older copy is better than nothing; anything else (404, 403) is reported as is. */
const FALLBACK_KINDS = new Set(['unreachable', 'ambiguous', 'unavailable', 'rate_limited', 'server']);

/**
 * Schemas by environment, direction and key. Asked from the platform once per run (or on refresh), kept
 * in memory with their schemaVersion, and written to disk so the form still opens offline.
 */
export class SchemaCache {
  private readonly memory = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Entry>>();

  constructor(private readonly deps: SchemaCacheDeps) {}

  async get(query: {
    environmentId: string;
    key: string;
    direction: 'input' | 'output';
    refresh?: boolean;
  }): Promise<CaseSchemaAnswer> {
    const id = `${query.environmentId}\u0000${query.direction}\u0000${query.key}`;
    const cached = this.memory.get(id);
    if (cached && !query.refresh) return this.answer(query, cached, false);
    let fetching = this.pending.get(id);
    if (!fetching) {
      fetching = this.fetch(query).finally(() => this.pending.delete(id));
      this.pending.set(id, fetching);
    }
    try {
      const entry = await fetching;
      this.memory.set(id, entry);
      return this.answer(query, entry, false);
    } catch (e) {
      if (!isIntakeError(e) || !FALLBACK_KINDS.has(e.kind)) throw e;
      const stored = cached ?? (await this.readStored(query));
      if (!stored) throw e;
      this.deps.logger.warn('schema: using the stored copy', { key: query.key, direction: query.direction, error: e });
      return this.answer(query, stored, true);
    }
  }

  private async fetch(query: { environmentId: string; key: string; direction: 'input' | 'output' }): Promise<Entry> {
    const schema = await this.deps.platform(query.environmentId).getSchema(query.direction, query.key);
    const entry = { fetchedAt: new Date(this.deps.clock.now()).toISOString(), schema };
    await this.writeStored(query, entry).catch((e: unknown) =>
      this.deps.logger.warn('schema: could not store a copy', { key: query.key, error: e }),
    );
    return entry;
  }

  private answer(
    query: { key: string; direction: 'input' | 'output' },
    entry: Entry,
    fromCache: boolean,
  ): CaseSchemaAnswer {
    return {
      key: query.key,
      direction: query.direction,
      ...(entry.schema.schemaVersion != null ? { schemaVersion: entry.schema.schemaVersion } : {}),
      model: buildFormModel(entry.schema),
      fetchedAt: entry.fetchedAt,
      fromCache,
    };
  }

  private fileOf(query: { environmentId: string; key: string; direction: 'input' | 'output' }): string {
    // Keys and environment ids come from settings and the clerk: encode so none can leave the folder.
    return join(
      this.deps.dir,
      encodeURIComponent(query.environmentId),
      query.direction,
      `${encodeURIComponent(query.key)}.json`,
    );
  }

  private async readStored(query: { environmentId: string; key: string; direction: 'input' | 'output' }) {
    try {
      const raw = JSON.parse(await readFile(this.fileOf(query), 'utf8')) as { fetchedAt?: unknown; schema?: unknown };
      const schema = SchemaDescriptionSchema.safeParse(raw.schema);
      if (!schema.success || typeof raw.fetchedAt !== 'string') return undefined;
      return { fetchedAt: raw.fetchedAt, schema: schema.data };
    } catch {
      return undefined;
    }
  }

  private async writeStored(
    query: { environmentId: string; key: string; direction: 'input' | 'output' },
    entry: Entry,
  ): Promise<void> {
    const file = this.fileOf(query);
    await mkdir(join(file, '..'), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(entry));
    await rename(temp, file);
  }
}
