import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../../util/atomic-write';

const FILE = 'station-id';
const VALID = /^[a-z0-9][a-z0-9-]{2,62}$/;

/**
 * This station's name on shared folders: kept in its data folder, so a restart finds its own claim
 * folder again (and finishes what it left there); two data folders on one PC are two stations.
 * Host name first, for the admin who looks into `.intake/`; a random tail, so two PCs named alike differ.
 */
export async function stationIdOf(dataDir: string): Promise<string> {
  const path = join(dataDir, FILE);
  const known = (await readFile(path, 'utf8').catch(() => '')).trim();
  if (VALID.test(known)) return known;
  const host =
    hostname()
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'station';
  const id = `${host}-${randomBytes(3).toString('hex')}`;
  await writeFileAtomic(path, `${id}\n`);
  return id;
}
