import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { IntakeCore } from './app';
import { createIntakeCore } from './app';
import { OFFICE_PARTS_NOT_YET } from './office/office-parts-not-yet';
import { MemorySecretStore } from './platform/test-support/connection-harness';
import { createDefaultSettings } from './settings/default-settings';
import type { Logger, LogFields } from './util/logger';
import { silentLogger } from './util/logger';
import { tempDir } from './util/test-support/temp-dir';

let core: IntakeCore | undefined;
afterEach(async () => {
  await core?.stop();
  core = undefined;
});

// Issue #50: the window keeps its documents, history, drafts and batches in the office database, but capture
// batches a station had waiting in its own queue before it joined are not moved. Settings that name one must
// not look as if it all were there: the window says at start what is and what is not.
describe('the window with settings that name an office database', () => {
  it('says at start what is in the office database and what joining does not move', async () => {
    const dir = tempDir('intake-office-window-');
    const settings = {
      ...createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' }),
      office: { database: 'postgres://intake@db.office.example/office' },
    };
    const path = join(dir, 'settings.json');
    await writeFile(path, JSON.stringify(settings, null, 2));
    const warnings: Array<{ message: string; fields: LogFields }> = [];
    const logger: Logger = {
      ...silentLogger,
      child: () => logger,
      warn: (message, fields = {}) => void warnings.push({ message, fields }),
    };
    core = await createIntakeCore({
      name: 'Intake Desk',
      version: 'test',
      shell: 'web',
      paths: { settingsFile: path, dataDir: join(dir, 'data') },
      secretStore: new MemorySecretStore(),
      logger,
    });
    expect(core.settings.get().office).toEqual({ database: 'postgres://intake@db.office.example/office' });
    expect(warnings).toContainEqual({
      message: OFFICE_PARTS_NOT_YET,
      fields: { officeDatabase: 'postgres://intake@db.office.example/office' },
    });
  });
});
