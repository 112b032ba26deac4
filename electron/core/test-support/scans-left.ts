import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The scans still in a watched folder, wherever they lie: in the folder itself and in the stations'
 * `.intake/claimed/` and `.intake/taken/` (every folder claims by default, docs/intake-pipeline.md). The
 * `.intake/` bookkeeping (folder-id, heartbeats, empty station folders) is not a scan.
 */
export function scansLeftIn(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(relative(folder, p));
    }
  };
  for (const e of readdirSync(folder, { withFileTypes: true })) {
    if (e.name === '.intake' && e.isDirectory()) {
      for (const part of ['claimed', 'taken']) {
        try {
          walk(join(folder, '.intake', part));
        } catch {
          // Not there: nothing claimed or taken yet.
        }
      }
    } else if (e.isDirectory()) walk(join(folder, e.name));
    else out.push(e.name);
  }
  return out.sort();
}

/**
 * Where the scan `rel` of a watched folder lies now: in the folder, or in a station's `.intake/claimed/` or
 * `.intake/taken/` (every folder claims by default); undefined once it is gone from all of them.
 */
export function scanIn(folder: string, rel: string): string | undefined {
  const candidates = [join(folder, rel)];
  for (const part of ['claimed', 'taken']) {
    let stations: string[] = [];
    try {
      stations = readdirSync(join(folder, '.intake', part));
    } catch {
      // Nothing claimed or taken yet.
    }
    for (const s of stations) candidates.push(join(folder, '.intake', part, s, rel));
  }
  return candidates.find((p) => existsSync(p));
}
