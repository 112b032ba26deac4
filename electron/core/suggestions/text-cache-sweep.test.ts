import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../util/test-support/temp-dir';
import { TextCache } from './text-cache';

// Issue #45 item 1: a kill -9 while a mark or an entry was being written left its temp file in the text
// cache for ever (seen in agent-searchable-kill: `.<sha>.reading.<pid>.<hex>.tmp` after all letters were read).
describe('the text cache after a process was killed mid-write', () => {
  it("removes another process's temp files before its first write, and keeps its own", async () => {
    const dir = tempDir('text-cache-sweep-');
    const cache = join(dir, 'text-cache');
    mkdirSync(cache);
    const dead = 999_999_999;
    const left = [`.abc.reading.${dead}.0badf00d.tmp`, `abc.json.${dead}.tmp`];
    const mine = `.def.reading.${process.pid}.0badf00d.tmp`;
    for (const name of [...left, mine, 'abc.json']) writeFileSync(join(cache, name), 'x');
    await new TextCache(cache).setReadingMark('ghi', 'reading');
    expect(readdirSync(cache).sort()).toEqual([mine, 'abc.json', 'ghi.reading'].sort());
    for (const name of left) expect(existsSync(join(cache, name))).toBe(false);
  });
});
