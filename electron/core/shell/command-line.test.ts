import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseLaunchRequest } from './command-line';
import { tempDir } from '../util/test-support/temp-dir';

describe('parseLaunchRequest', () => {
  let dir: string;
  let scan: string;
  let other: string;
  beforeAll(() => {
    dir = tempDir('intake-argv-');
    scan = join(dir, 'scan 0042.pdf');
    other = join(dir, '-odd-name.tif');
    writeFileSync(scan, '%PDF-1.7');
    writeFileSync(other, 'II*');
    mkdirSync(join(dir, 'folder'));
  });

  it('keeps existing files and drops the exe, flags, Chromium switches, folders and missing paths', () => {
    const argv = [
      '/opt/Intake Desk/intake-desk',
      '--allow-file-access-from-files',
      '--original-process-start-time=13312',
      scan,
      join(dir, 'folder'),
      join(dir, 'gone.pdf'),
      'not-a-file',
    ];
    expect(parseLaunchRequest(argv, dir)).toEqual({ hidden: false, files: [scan] });
  });

  it('resolves relative paths against the starting folder and removes duplicates', () => {
    const argv = ['intake-desk.exe', 'scan 0042.pdf', `./scan 0042.pdf`, scan];
    expect(parseLaunchRequest(argv, dir).files).toEqual([scan]);
  });

  it('reads --hidden (login start) and files after a -- terminator even if they look like flags', () => {
    const argv = ['intake-desk', '--hidden', '--', '-odd-name.tif'];
    expect(parseLaunchRequest(argv, dir)).toEqual({ hidden: true, files: [other] });
  });

  it('treats the development app folder (argv[1] = ".") as no document', () => {
    expect(parseLaunchRequest(['/usr/bin/electron', '.', scan], dir).files).toEqual([scan]);
  });

  it('a plain start asks for nothing', () => {
    expect(parseLaunchRequest(['intake-desk'], dir)).toEqual({ hidden: false, files: [] });
  });
});
