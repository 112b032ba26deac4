import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, importGraph } from './import-graph';

// Issue #49 item 3: inside electron/core, imports ran back up a floor (the eSCL and SANE backends into
// scanning/, the shared folder into intake/, the text worker in suggestions/ into output/, which reads
// suggestions' words). A room (a folder) may stand on another, never both ways: no circle between the
// core's rooms, through any number of steps. The core's root is left out: it holds the composition
// (app.ts, intake-pipeline.ts), which imports every room, and errors.ts, which every room imports.
const CORE = 'electron/core/';

/** The graph of rooms: folder → the folders its product files import (inside electron/core, root aside). */
export function roomGraph(files: Map<string, string[]>): Map<string, string[]> {
  const rooms = new Map<string, Set<string>>();
  const roomOf = (file: string) => dirname(file);
  for (const [file, targets] of files) {
    if (!file.startsWith(CORE) || roomOf(file) === 'electron/core') continue;
    const from = roomOf(file);
    const to = rooms.get(from) ?? new Set<string>();
    rooms.set(from, to);
    for (const t of targets) {
      if (!t.startsWith(CORE) || roomOf(t) === 'electron/core' || roomOf(t) === from) continue;
      to.add(roomOf(t));
    }
  }
  return new Map([...rooms].map(([r, to]) => [r, [...to].sort()]));
}

describe('the rooms of electron/core', () => {
  const rooms = roomGraph(importGraph());

  it('finds the rooms it checks', () => {
    expect(rooms.get('electron/core/capture/batches')).toEqual(expect.arrayContaining(['electron/core/queue']));
    expect(rooms.size).toBeGreaterThan(30);
  });

  it('have no circle: no room imports a room that imports it back', () => {
    expect(circles(rooms)).toEqual([]);
  });

  it('would see a subfolder importing its parent room that imports it', () => {
    const g = roomGraph(
      new Map([
        ['electron/core/scanning/create-scanning.ts', ['electron/core/scanning/escl/escl-backend.ts']],
        ['electron/core/scanning/escl/escl-backend.ts', ['electron/core/scanning/scanner-backend.ts']],
        ['electron/core/scanning/scanner-backend.ts', []],
      ]),
    );
    expect(circles(g)).toEqual([['electron/core/scanning', 'electron/core/scanning/escl']]);
  });
});
