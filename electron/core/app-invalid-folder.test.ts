import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderProfileSchema } from '../../shared/domain/settings';
import type { IntakeCore } from './app';
import { createIntakeCore } from './app';
import { isIntakeError } from './errors';
import { MemorySecretStore } from './platform/test-support/connection-harness';
import { waitFor } from './queue/test-support/queue-fixture';
import { createDefaultSettings } from './settings/default-settings';
import { silentLogger } from './util/logger';
import type { Logger } from './util/logger';

let dir: string | undefined;
let core: IntakeCore | undefined;
afterEach(async () => {
  await core?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
  core = undefined;
  dir = undefined;
});

// A settings file from before patterns were checked: one folder's pattern names no metadata field.
async function oldSettingsFile(root: string) {
  const good = join(root, 'good');
  const bad = join(root, 'bad');
  await mkdir(good);
  await mkdir(bad);
  const settings = {
    ...createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' }),
    folders: [
      { ...FolderProfileSchema.parse({ id: 'bad', label: 'Bad', path: bad }), fileNamePattern: '{NoSuchField}_*.pdf' },
      // {ItemId}: a field without a format of its own (a case number must fit the environment's pattern).
      FolderProfileSchema.parse({ id: 'good', label: 'Good', path: good, fileNamePattern: '{ItemId}_*.pdf' }),
    ],
  };
  const path = join(root, 'settings.json');
  await writeFile(path, JSON.stringify(settings, null, 2));
  return { path, good, bad };
}

describe('a folder profile with an invalid file-name pattern', () => {
  it('at start: that folder is marked invalid with its message, the others run', async () => {
    dir = await mkdtemp(join(tmpdir(), 'intake-invalid-folder-'));
    const { path, good, bad } = await oldSettingsFile(dir);
    await writeFile(join(bad, '1_x.pdf'), 'bad folder');
    await writeFile(join(good, '4711_x.pdf'), 'good folder');
    const errors: { message: string; fields: Record<string, unknown> }[] = [];
    const logger: Logger = {
      ...silentLogger,
      child: () => logger,
      error: (message, fields = {}) => void errors.push({ message, fields }),
    };
    core = await createIntakeCore({
      name: 'Intake Desk',
      version: 'test',
      shell: 'web',
      paths: { settingsFile: path, dataDir: join(dir, 'data') },
      secretStore: new MemorySecretStore(),
      logger,
    });
    const docs = async () => (await core!.queue.list({ limit: 10, offset: 0 })).documents;
    await waitFor(async () => (await docs()).length > 0, 'the good folder took its file');
    await new Promise((r) => setTimeout(r, 500));
    expect((await docs()).map((d) => [d.fileName, d.metadata.itemId])).toEqual([['4711_x.pdf', '4711']]);
    expect(errors).toContainEqual({
      message: 'folder not watched: its profile is invalid',
      fields: { folder: 'bad', detail: expect.stringMatching(/unknown placeholder \{NoSuchField\}/) as unknown },
    });
    // The settings still load (as stored), so the clerk can see and fix that folder.
    expect(core.settings.get().folders.map((f) => f.id)).toEqual(['bad', 'good']);
  });

  it('settings.update refuses it at the field, and the running folders are left alone', async () => {
    dir = await mkdtemp(join(tmpdir(), 'intake-invalid-folder-'));
    const { path, good } = await oldSettingsFile(dir);
    core = await createIntakeCore({
      name: 'Intake Desk',
      version: 'test',
      shell: 'web',
      paths: { settingsFile: path, dataDir: join(dir, 'data') },
      secretStore: new MemorySecretStore(),
      logger: silentLogger,
    });
    const current = core.settings.get();
    const next = {
      ...current,
      folders: current.folders.map((f) => (f.id === 'good' ? { ...f, fileNamePattern: '{Claim}_*.pdf' } : f)),
    };
    const refused = await core.settings.save(next).catch((e: unknown) => e);
    expect(isIntakeError(refused) && refused.code).toBe('settings.invalid');
    expect(isIntakeError(refused) && refused.fields).toMatchObject({
      'folders.0.fileNamePattern': expect.stringMatching(/NoSuchField/) as unknown,
      'folders.1.fileNamePattern': expect.stringMatching(/unknown placeholder \{Claim\}/) as unknown,
    });
    await writeFile(join(good, '4712_y.pdf'), 'still watched');
    await waitFor(
      async () => (await core!.queue.list({ limit: 10, offset: 0 })).documents.some((d) => d.fileName === '4712_y.pdf'),
      'the good folder still runs',
    );
  });
});
