import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../shared/domain/settings';
import { SettingsSchema } from '../../shared/domain/settings';
import type { QueueFixture } from './queue/test-support/queue-fixture';
import { makeQueue } from './queue/test-support/queue-fixture';
import { createDefaultSettings } from './settings/default-settings';
import { silentLogger } from './util/logger';
import { documentSuggestions } from './suggestions/document-suggestions';
import { letterPdf } from './suggestions/test-support/letters';
import type { TextServices } from './text-services';
import { createTextServices } from './text-services';
import { idleMs } from './util/test-support/box-pace';
import { IntakeError } from './errors';

const neverUploads = { uploadToInbox: () => new Promise<never>(() => undefined) };
let fx: QueueFixture | undefined;
let services: TextServices | undefined;
let dir: string | undefined;
afterEach(async () => {
  await services?.stop();
  await fx?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  services = fx = dir = undefined;
});

function textServices(fixture: QueueFixture, settings: () => Settings): TextServices {
  return createTextServices({
    dataDir: fixture.dataDir,
    queue: fixture.queue,
    bus: fixture.bus,
    settings,
    check: async () => ({ problems: [], unchecked: [] }) as never,
    platform: () => ({
      searchCustomers: async () => ({ items: [] }) as never,
      getClaimFiles: async () => ({ files: [] }) as never,
      caseExists: async () => undefined,
    }),
    caseNumberPattern: () => undefined,
    now: () => Date.now(),
    logger: silentLogger,
  });
}

/** A queue in a new folder with one letter in its inbox, taken as a watched folder's file of an earlier run. */
async function letterInInbox(lines: string[]) {
  dir = mkdtempSync(join(tmpdir(), 'text-services-'));
  fx = await makeQueue(neverUploads, { dir });
  await fx.queue.start();
  const letter = join(dir, 'Brief.pdf');
  writeFileSync(letter, await letterPdf({ lines }));
  const st = statSync(letter);
  const fixture = fx;
  const r = await fixture.queue.ingest({
    sourcePath: letter,
    folder: dir,
    fileName: 'Brief.pdf',
    size: st.size,
    mtimeMs: Math.trunc(st.mtimeMs),
    seenKey: 'earlier-run',
    metadata: {},
    autoSubmit: false,
    keepSource: true,
  });
  return { fixture, r };
}

describe('text services', () => {
  it(
    'reads the inbox found at start in the background, so the text search finds documents of an earlier run',
    async () => {
      // In the inbox before the text services exist (as after a restart): no arrival event reaches them.
      const { fixture, r } = await letterInInbox(['Sehr geehrte Frau Schmidt,', 'Wasserschaden im Keller']);
      expect(r.outcome).toBe('created');
      const settings = createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' });
      services = textServices(fixture, () => settings);
      await services.idle();
      const found = await services.search.search('wasserschaden', 10);
      expect(found.map((m) => m.id)).toEqual([r.outcome === 'created' ? r.document.id : '']);
    },
    idleMs(60_000),
  );

  it(
    "an office's inbox not readable at start (not joined yet) is read once it can be, not left unread",
    async () => {
      const { fixture, r } = await letterInInbox(['Sehr geehrter Herr Weber,', 'Sturmschaden am Dach']);
      if (r.outcome !== 'created') throw new Error(r.outcome);
      const real = fixture.queue;
      // The inbox answers "not joined yet" twice, as an office station's does before it has joined.
      let refusals = 2;
      const office = Object.create(real) as typeof real;
      office.list = async (q) => {
        if (refusals-- > 0) throw new IntakeError('unreachable', 'office.unreachable', 'not joined yet');
        return real.list(q);
      };
      const settings = createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' });
      services = textServices({ ...fixture, queue: office }, () => settings);
      await services.idle();
      expect(refusals).toBeLessThan(0);
      const found = await services.search.search('sturmschaden', 10);
      expect(found.map((m) => m.id)).toEqual([r.document.id]);
    },
    idleMs(60_000),
  );

  it(
    "the settings' own number formats are looked for besides the built-in ones",
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'text-services-'));
      fx = await makeQueue(neverUploads, { dir });
      const letter = join(dir, 'Brief.pdf');
      // A Swiss plate: not a format the built-in patterns know (they know German plates).
      writeFileSync(letter, await letterPdf({ lines: ['Fahrzeug: ZH 123456', 'Mit freundlichen Grüßen'] }));
      const base = createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' });
      let settings: Settings = base;
      services = textServices(fx, () => settings);
      const plates = async () =>
        (await documentSuggestions(services!.suggestions, letter)).suggestions
          .filter((s) => s.field === 'registrationNumber')
          .map((s) => s.value);
      expect(await plates()).toEqual([]);
      settings = SettingsSchema.parse({
        ...base,
        text: {
          patterns: [
            {
              field: 'registrationNumber',
              pattern: String.raw`(?<![\w-])(?<value>(?:ZH|BE|GE) \d{1,6})(?![\w-])`,
              normalize: 'upper',
            },
          ],
        },
      });
      expect(await plates()).toEqual(['ZH 123456']);
    },
    idleMs(60_000),
  );

  it('a pattern that does not compile is refused in the settings, with the field', () => {
    const base = createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' });
    const r = SettingsSchema.safeParse({
      ...base,
      text: { patterns: [{ field: 'policyNumber', pattern: '(?<value>[' }] },
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({
      path: ['text', 'patterns', 0, 'pattern'],
      message: 'not a valid regular expression',
    });
  });
});
