import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startPrivatePostgres } from '../core/office/private-postgres';
import type { PrivatePostgres } from '../core/office/private-postgres';
import type { Logger } from '../core/util/logger';
import { silentLogger } from '../core/util/logger';
import { startDemo } from './demo-app';
import type { DemoOptions, RunningDemo } from './demo-app';

export interface RunningOfficeDemo {
  postgres: PrivatePostgres;
  officeDatabase: string;
  stations: RunningDemo[];
  scannerFolder: string;
  close(): Promise<void>;
}

/**
 * `./run demo -- --office` (issue #50 item 7): an office of two stations on one private PostgreSQL. The
 * cluster is started here (Debian's initdb and pg_ctl in a temp folder, on a free loopback port; as
 * `postgres` when run as root: core/office/private-postgres.ts) and removed at the end; each station is the
 * demo's app (its own data folder, web shell and sandbox client), given the office database by a
 * machine-wide settings file as IT would lock it (docs/deployment.md §3, §11). Both watch one scanner folder,
 * whose files the office database gives to one station each; every clerk sees every document.
 */
export async function startOfficeDemo(
  options: Omit<DemoOptions, 'machineSettingsPath' | 'webPort'> & { webPorts?: [number, number] },
): Promise<RunningOfficeDemo> {
  const logger: Logger = options.logger ?? silentLogger;
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const postgres = await startPrivatePostgres({ durable: true });
  const stations: RunningDemo[] = [];
  try {
    const officeDatabase = await postgres.createDatabase('office');
    const machineFile = join(dataDir, 'office-machine-settings.json');
    await writeFile(
      machineFile,
      JSON.stringify({ version: 1, locked: { office: { database: officeDatabase, lapseSeconds: 30 } } }, null, 2),
    );
    const scannerFolder = join(dataDir, 'scanner');
    // Two PCs and their clerks, as the other station names them ("Open at FRONT-PC by Anna"): on one PC
    // both would have its name and its user's.
    const names = [
      { station: 'FRONT-PC', clerk: 'Anna' },
      { station: 'BACK-PC', clerk: 'Ben' },
    ];
    for (const [i, name] of ['station-a', 'station-b'].entries()) {
      stations.push(
        await startDemo({
          ...options,
          dataDir: join(dataDir, name),
          scannerFolder,
          // One set of sample scans, put there by the first station; the second finds them taken or waiting.
          sampleScans: i === 0 && (options.sampleScans ?? true),
          machineSettingsPath: machineFile,
          webPort: options.webPorts?.[i] ?? 0,
          logger: logger.child({ station: name }),
          ...(names[i] ? { officeNames: names[i] } : {}),
        }),
      );
    }
    return {
      postgres,
      officeDatabase,
      stations,
      scannerFolder,
      close: async () => {
        for (const s of stations.reverse()) await s.close().catch(() => undefined);
        await postgres.destroy();
      },
    };
  } catch (e) {
    for (const s of stations.reverse()) await s.close().catch(() => undefined);
    await postgres.destroy();
    throw e;
  }
}
