import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
  dirs.push(d);
  return d;
};
const TSX = join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsx');
const CLI = join(import.meta.dirname, 'cli.ts');

function run(args: string[]) {
  const child = spawn(TSX, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const m = /^listening (http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout);
      if (m?.[1]) resolve(m[1]);
    });
    void exited.then(() => reject(new Error(`exited: ${stderr}`)));
  });
  // Runs that are expected to fail never wait for `listening`.
  listening.catch(() => undefined);
  return { child, listening, exited, output: () => ({ stdout, stderr }) };
}

describe('npm run sandbox (cli.ts)', () => {
  it('--help prints the usage and the flags and exits 0 without starting', async () => {
    for (const flag of ['--help', '-h']) {
      const p = run([flag]);
      expect(await p.exited).toBe(0);
      expect(p.output().stdout).toMatch(/^usage: npm run sandbox -- --port N --data DIR/);
      expect(p.output().stdout).toContain('--token-lifetime SECONDS');
      expect(p.output().stdout).not.toContain('listening');
      expect(p.output().stderr).toBe('');
    }
  });

  it('prints one listening line first, then the demo credentials, serves tokens and stops cleanly on SIGTERM', async () => {
    const p = run(['--port', '0', '--data', tempDir()]);
    const baseUrl = await p.listening;
    expect(p.output().stdout.split('\n')[0]).toBe(`listening ${baseUrl}`);
    const res = await fetch(`${baseUrl}/connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'intake-desk-demo',
        client_secret: 'sandbox-demo-secret',
      }),
    });
    expect(res.status).toBe(200);
    expect(p.output().stdout).toContain('sandbox-demo-secret');
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('replaces the demo client with --clients', async () => {
    const file = join(tempDir(), 'clients.json');
    writeFileSync(file, JSON.stringify([{ clientId: 'acme', secret: 'acme-secret', scopes: ['case_integration'] }]));
    const p = run(['--data', tempDir(), '--clients', file]);
    const baseUrl = await p.listening;
    const token = (form: Record<string, string>) =>
      fetch(`${baseUrl}/connect/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials', ...form }),
      });
    expect((await token({ client_id: 'acme', client_secret: 'acme-secret' })).status).toBe(200);
    expect((await token({ client_id: 'intake-desk-demo', client_secret: 'sandbox-demo-secret' })).status).toBe(400);
    p.child.kill('SIGINT');
    expect(await p.exited).toBe(0);
  });

  it('refuses an invalid clients file or missing --data with a clear message and exit code 2', async () => {
    const file = join(tempDir(), 'bad.json');
    writeFileSync(file, JSON.stringify([{ clientId: 'x', scopes: ['admin'] }]));
    const bad = run(['--data', tempDir(), '--clients', file]);
    expect(await bad.exited).toBe(2);
    expect(bad.output().stderr).toMatch(/clients file .* is invalid/);
    const noData = run(['--port', '0']);
    expect(await noData.exited).toBe(2);
    expect(noData.output().stderr).toContain('--data DIR is required');
  });
});
