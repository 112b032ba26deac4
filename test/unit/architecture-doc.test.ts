import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph';

// docs/architecture.md is how a newcomer finds a room (issue #32 item 6): it drifted to naming 7 of 17 core
// folders. Every folder that holds product code must be named there by its path, so a new or moved room
// fails this test until the map says where it is and what it holds.
const root = resolve(import.meta.dirname, '../..');
const LAYERS = ['electron/core', 'shared', 'renderer'];
const PRODUCT_FILE = /\.(ts|tsx|mjs|css)$/;
const NOT_PRODUCT = /\.test\.tsx?$/;

function productFolders(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const here = entries.some((e) => e.isFile() && PRODUCT_FILE.test(e.name) && !NOT_PRODUCT.test(e.name));
  const below = entries
    .filter((e) => e.isDirectory() && e.name !== 'test-support' && e.name !== 'node_modules')
    .flatMap((e) => productFolders(join(dir, e.name)));
  return [...(here ? [relative(root, dir)] : []), ...below];
}

/** How the map may write a folder: from the repository root, or from inside its layer. */
function spellings(folder: string): string[] {
  const names = [`${folder}/`];
  if (folder.startsWith('electron/')) names.push(`${folder.slice('electron/'.length)}/`);
  if (folder.startsWith('renderer/')) names.push(`${folder.slice('renderer/'.length)}/`);
  return names;
}

describe('docs/architecture.md', () => {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const folders = LAYERS.flatMap((layer) => productFolders(join(root, layer))).filter((f) => !LAYERS.includes(f));

  it('finds the rooms it checks (a wrong root would make the next test pass on nothing)', () => {
    expect(folders).toEqual(
      expect.arrayContaining(['electron/core/queue', 'shared/domain', 'renderer/features/inbox']),
    );
    expect(folders.length).toBeGreaterThan(40);
  });

  it('names every folder of product code in the core, shared and the renderer', () => {
    const missing = folders.filter((f) => !spellings(f).some((s) => doc.includes(s)));
    expect(missing).toEqual([]);
  });

  it('names no core folder that is gone', () => {
    const named = [...doc.matchAll(/(?:electron\/)?core\/([a-z-]+(?:\/[a-z-]+)*)\//g)].map(
      (m) => `electron/core/${m[1]}`,
    );
    const gone = [...new Set(named)].filter((f) => !folders.includes(f) && !f.includes('test-support'));
    expect(gone).toEqual([]);
  });
});

/** The rows of the markdown table under `## heading`, as cells (header and rule left out). */
function tableUnder(doc: string, heading: string): string[][] {
  return tableAfter(doc, `## ${heading}\n`);
}

/** The rows of the first markdown table after `marker`. */
function tableAfter(doc: string, marker: string): string[][] {
  const start = doc.indexOf(marker);
  if (start < 0) return [];
  const rest = doc.slice(start).split('\n').slice(1);
  const rows = rest
    .slice(rest.findIndex((l) => l.startsWith('|')))
    .filter((_, i, all) => all.slice(0, i + 1).every((l) => l.startsWith('|')));
  return rows.slice(2).map((r) =>
    r
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim()),
  );
}

const code = (cell: string) => /`([^`]+)`/.exec(cell)?.[1] ?? '';
const lines = (file: string) => readFileSync(join(root, file), 'utf8').split('\n').length;

// Issue #49 items 1 and 4: capture is a line of named stages, and the map says which, in their order; the
// stores are behind ports a second engine can fill. The map is checked against the code, so neither drifts.
describe("docs/architecture.md: capture's line", () => {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const BATCHES = 'electron/core/capture/batches/';
  const stages = tableUnder(doc, "Capture's line").map(([n, , file]) => ({
    n: Number(n),
    file: BATCHES + code(file ?? ''),
  }));

  it('names the stages in their order, from taking a file or a scan to the hand-over and the end', () => {
    expect(stages.map((s) => s.file.slice(BATCHES.length))).toEqual([
      'take-file.ts',
      'take-scan.ts',
      'batch-pages.ts',
      'analyse-pages.ts',
      'batch-plan.ts',
      'review-hold.ts',
      'make-parts.ts',
      'hand-over.ts',
      'complete-batch.ts',
    ]);
    expect(stages.map((s) => s.n)).toEqual([...stages.map((s) => s.n)].sort((a, b) => a - b));
  });

  it('has each stage in a file of its own under 400 lines, and capture-intake.ts under 300', () => {
    for (const s of stages) expect(lines(s.file), s.file).toBeLessThan(400);
    expect(lines(`${BATCHES}capture-intake.ts`)).toBeLessThan(300);
  });

  it('no stage imports a later stage (what comes after is connected by run-batch.ts and capture-intake.ts)', () => {
    const graph = importGraph();
    const number = new Map(stages.map((s) => [s.file, s.n]));
    const forward = stages.flatMap((s) =>
      (graph.get(s.file) ?? []).filter((t) => (number.get(t) ?? 0) > s.n).map((t) => `${s.file} → ${t}`),
    );
    expect(forward).toEqual([]);
  });
});

describe('docs/architecture.md: storage ports', () => {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const ports = tableUnder(doc, 'Storage ports').map(([port, where, engine, contract]) => ({
    port: code(port ?? ''),
    file: `electron/${code(where ?? '')}`,
    engine: `electron/core/${code(engine ?? '')}`,
    contract: code(contract ?? ''),
  }));

  it("names the queue's, the batches', the drafts', the history's and the page tools' ports", () => {
    expect(ports.map((p) => p.port)).toEqual([
      'DocumentStorage',
      'HistoryStorage',
      'BatchStorage',
      'DraftStorage',
      'PageEditStorage',
    ]);
  });

  it("each port is an interface of the core, the SQLite engine implements it, and runs the port's contract", () => {
    for (const p of ports) {
      const port = readFileSync(join(root, p.file), 'utf8');
      expect(port, p.file).toMatch(new RegExp(`^export interface ${p.port} \\{`, 'm'));
      // Async: an engine across a network answers later (the SQLite one at once).
      expect(port, p.file).toMatch(/\): Promise</);
      expect(readFileSync(join(root, p.engine), 'utf8'), p.engine).toMatch(
        new RegExp(`implements [^{]*\\b${p.port}\\b`),
      );
      const engineTest = p.engine.replace(/\.ts$/, '.test.ts');
      const contractFile = p.contract === '' ? undefined : `electron/core/${p.contract}`; // '' : "the same" as the row above
      if (contractFile) {
        const contract = readFileSync(join(root, contractFile), 'utf8');
        const fn = /export function (\w+Contract)\(/.exec(contract)?.[1];
        expect(fn, contractFile).toBeDefined();
        expect(readFileSync(join(root, engineTest), 'utf8'), engineTest).toContain(`${fn}(`);
      }
    }
  });
});

// Issue #49 item 2: the services move onto the ports one by one; the map names those that have and, by file,
// those still on the SQLite store's synchronous surface, so a service moved (or a new one on the old surface)
// fails this test until the table says so.
describe('docs/architecture.md: services on the storage ports', () => {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const rows = tableAfter(doc, '**Services on the ports, and those not yet.**').map(([file, on]) => ({
    file: `electron/core/${code(file ?? '')}`,
    on: on === 'yes',
  }));
  const graph = importGraph();
  const read = (file: string) => readFileSync(join(root, file), 'utf8');
  /** Takes the queue's unit of work or the SQLite store, or runs a synchronous transaction. */
  const SYNCHRONOUS =
    /import [^;]*\b(?:QueueWork|DocumentStore)\b[^;]*from '[^']*\/(?:queue-work|document-store)'|\.transaction\(\(\) =>/;
  /** The SQLite engines and stores themselves, and what puts the queue and the pipeline together. */
  const ENGINE =
    /\/(?:sqlite-[\w-]+|document-store|batch-store|queue-work|queue-database|document-queue|intake-pipeline)\.ts$/;

  it('names, by file, every service still on the synchronous surface, and none that is not', () => {
    // The pattern finds the SQLite engines' own use of the store (one that found nothing would pass on nothing).
    expect(SYNCHRONOUS.test(read('electron/core/queue/sqlite-document-storage.ts'))).toBe(true);
    const synchronous = [...graph.keys()]
      .filter((f) => f.startsWith('electron/core/') && !ENGINE.test(f) && SYNCHRONOUS.test(read(f)))
      .sort();
    expect(
      rows
        .filter((r) => !r.on)
        .map((r) => r.file)
        .sort(),
    ).toEqual(synchronous);
  });

  /** A write through a port (a document, its seen-file key, its source moved; a batch, its part links). */
  const WRITES =
    /\.(?:insert|update|remove|markSeen|moveSource|setState|setScanOpen|setPlan|setArchivePath|markAnalysisStart|unmarkAnalysisStart|linkPart|setPartCount)\(/;
  /** Capture's stages take the ports through what the line's stages share (its deps). */
  const LINE = 'electron/core/capture/batches/capture-line.ts';

  it('a service on the ports takes a port and its unit of work, and nothing of the SQLite store', () => {
    const on = rows.filter((r) => r.on).map((r) => r.file);
    expect(on).toContain('electron/core/queue/clerk-commands.ts');
    const store = ['document-store.ts', 'queue-work.ts', 'batch-store.ts', 'queue-database.ts'];
    for (const file of on) {
      const own = graph.get(file) ?? [];
      const imports = own.includes(LINE) ? [...own, ...(graph.get(LINE) ?? [])] : own;
      expect(imports, file).toEqual(expect.arrayContaining(['electron/core/queue/document-storage.ts']));
      expect(
        imports.filter((i) => store.some((s) => i.endsWith(`/${s}`))),
        file,
      ).toEqual([]);
      // What writes decides in units of work; what only reads needs none (and locks nothing).
      if (WRITES.test(read(file))) expect(read(file), file).toMatch(/\.transaction\(async \(/);
      expect(read(file), file).not.toMatch(SYNCHRONOUS);
    }
    // The one service on the ports that only reads is the read model (and the capture stages' shared deps,
    // which hold the ports and decide nothing): another that writes nothing is a gap.
    expect(on.filter((file) => !WRITES.test(read(file))).sort()).toEqual([
      LINE,
      'electron/core/queue/document-read-model.ts',
    ]);
  });
});
