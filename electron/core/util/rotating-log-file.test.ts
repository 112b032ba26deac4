import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RotatingLogFile } from './rotating-log-file';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'intake-log-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('RotatingLogFile', () => {
  it('keeps at most `files` files of at most maxBytes each, newest lines in the unnumbered file', () => {
    const dir = tempDir();
    const path = join(dir, 'logs', 'agent.log');
    const log = new RotatingLogFile(path, { maxBytes: 100, files: 3 });
    for (let i = 0; i < 50; i++) log.append(`line ${String(i).padStart(3, '0')} ${'x'.repeat(20)}`);
    log.close();
    expect(readdirSync(join(dir, 'logs')).sort()).toEqual(['agent.log', 'agent.log.1', 'agent.log.2']);
    for (const f of readdirSync(join(dir, 'logs')))
      expect(statSync(join(dir, 'logs', f)).size).toBeLessThanOrEqual(100);
    const newest = readFileSync(path, 'utf8').trim().split('\n');
    expect(newest.at(-1)).toMatch(/^line 049 /);
    // Nothing lost between the kept files: they hold the last lines in order.
    const kept = ['agent.log.2', 'agent.log.1', 'agent.log']
      .flatMap((f) =>
        readFileSync(join(dir, 'logs', f), 'utf8')
          .trim()
          .split('\n'),
      )
      .map((l) => Number(l.slice(5, 8)));
    expect(kept).toEqual(kept.map((_, i) => kept[0]! + i));
  });

  it('continues an existing file after a restart and counts its size', () => {
    const dir = tempDir();
    const path = join(dir, 'agent.log');
    writeFileSync(path, 'x'.repeat(90) + '\n');
    const log = new RotatingLogFile(path, { maxBytes: 100, files: 2 });
    log.append('after restart');
    log.close();
    expect(readFileSync(path, 'utf8')).toBe('after restart\n');
    expect(readFileSync(`${path}.1`, 'utf8')).toBe('x'.repeat(90) + '\n');
  });

  it('drops a line it cannot write instead of throwing, and writes again once it can', () => {
    const dir = tempDir();
    // The log's folder is a file: every open fails.
    writeFileSync(join(dir, 'logs'), 'not a folder');
    const log = new RotatingLogFile(join(dir, 'logs', 'agent.log'), { maxBytes: 1000, files: 2 });
    expect(() => log.append('lost')).not.toThrow();
    expect(log.failing).toBe(true);
    rmSync(join(dir, 'logs'));
    log.append('kept');
    log.close();
    expect(log.failing).toBe(false);
    expect(readFileSync(join(dir, 'logs', 'agent.log'), 'utf8')).toBe('kept\n');
  });

  it('is created readable by its owner only (it may name files and folders)', () => {
    const dir = tempDir();
    const log = new RotatingLogFile(join(dir, 'agent.log'));
    log.append('x');
    log.close();
    expect(existsSync(join(dir, 'agent.log'))).toBe(true);
    if (process.platform !== 'win32') expect(statSync(join(dir, 'agent.log')).mode & 0o077).toBe(0);
  });
});
