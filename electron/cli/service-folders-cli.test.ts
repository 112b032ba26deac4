// `service-folders`: the systemd drop-in for the folders a station's settings name, from the files the
// service reads (the machine-wide file of docs/deployment.md §3), as an admin runs it.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../core/util/test-support/temp-dir';
import { runAgent } from './test-support/run-agent';

const environment = {
  id: 'production',
  name: 'Production',
  kind: 'production',
  baseUrl: 'https://platform.example',
  tokenUrl: 'https://platform.example',
  country: 'de',
  tenant: 'demo-insurance',
  clientId: 'station',
  scopes: ['case_integration'],
  authMethod: 'client_secret',
};
const folder = (id: string, path: string) => ({ id, label: id, path, autoSubmit: true });

async function machineFile(locked: Record<string, unknown>): Promise<string> {
  const file = join(tempDir('intake-service-folders-'), 'settings.json');
  await writeFile(
    file,
    JSON.stringify({
      version: 1,
      locked: { environments: [environment], activeEnvironmentId: 'production', ...locked },
    }),
  );
  return file;
}

describe('intake-agent service-folders', () => {
  it('prints the drop-in for the watched folders and the archive folder of the machine file', async () => {
    const file = await machineFile({
      folders: [folder('post', '/srv/scans/post'), folder('desk', '/home/desk/Scans')],
      archive: { mode: 'move', folder: '/srv/archive', retentionDays: 30 },
    });
    const r = await runAgent(['service-folders', '--machine-settings', file]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /\n\[Service\]\nReadWritePaths=-\/srv\/archive\nReadWritePaths=-\/srv\/scans\/post\nProtectHome=tmpfs\nBindPaths=-\/home\/desk\/Scans\n$/,
    );
  });

  it('refuses a relative folder (a service would resolve it against /), and needs settings', async () => {
    const relative = await runAgent([
      'service-folders',
      '--machine-settings',
      await machineFile({ folders: [folder('a', 'scans')] }),
    ]);
    expect(relative.code).toBe(2);
    expect(relative.stdout).toBe('');
    expect(relative.stderr).toContain('a service needs absolute folders; relative in the settings: scans');
    const none = await runAgent(['service-folders'], { env: { ...process.env, INTAKE_DESK_SETTINGS: '' } });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('name the settings: --machine-settings FILE or --settings FILE');
  });
});
