import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexOf, STRACE_AVAILABLE, traceScript } from '../util/test-support/syscall-trace';
import { tempDir } from '../util/test-support/temp-dir';

// The secrets file is replaced whole: temp file written and fsynced, renamed over the old one, then the
// folder fsynced, so a power cut leaves the old or the new file, never an empty or torn one.
describe.skipIf(!STRACE_AVAILABLE)('EncryptedFileSecretStore on disk', () => {
  it('fsyncs the temp file before the rename and the folder after it', () => {
    const dir = tempDir('intake-secrets-durable-');
    const file = join(dir, 'secrets.json');
    const calls = traceScript(
      `
      const { EncryptedFileSecretStore } = await import('./electron/core/secrets/encrypted-file-secret-store.ts');
      const { AesGcmEncryptor } = await import('./electron/core/secrets/test-support/aes-encryptor.ts');
      const store = new EncryptedFileSecretStore(process.argv[1], new AesGcmEncryptor(), 'linux');
      await store.set('Intake Desk (prod)', 'client-1', 's3cret');
      `,
      [file],
    );
    const rename = indexOf(calls, /^rename/, new RegExp(`secrets\\.json[^"]*\\.tmp", .*"${file}"`));
    expect(rename, 'the rename over secrets.json').toBeGreaterThan(-1);
    const fileSync = indexOf(calls, /^f(data)?sync$/, /secrets\.json[^>]*\.tmp>/);
    expect(fileSync, 'fsync of the temp file').toBeGreaterThan(-1);
    expect(fileSync).toBeLessThan(rename);
    expect(
      indexOf(calls, /^fsync$/, new RegExp(`<${dir}>`), rename),
      'fsync of the folder after the rename',
    ).toBeGreaterThan(rename);
  });
});
