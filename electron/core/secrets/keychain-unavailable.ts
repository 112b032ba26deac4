import { IntakeError } from '../errors';

/** What an IT admin reads when the keychain cannot be used; `detail` is the OS library's own words. */
export function keychainUnavailableMessage(platform: NodeJS.Platform, detail: string): string {
  const where =
    platform === 'darwin'
      ? 'the macOS Keychain'
      : platform === 'win32'
        ? 'the Windows Credential Manager'
        : 'a Secret Service keyring over D-Bus (GNOME Keyring or KWallet, unlocked in the desktop session)';
  return (
    `No keychain is available, so Intake Desk cannot store or read the client secret or private key. ` +
    `It needs ${where}. Secrets are never written to disk in plain text, so uploads that need a stored ` +
    `secret or key wait until a keychain is reachable. Details: ${detail}`
  );
}

export function keychainUnavailable(platform: NodeJS.Platform, cause: unknown): IntakeError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new IntakeError(
    'configuration',
    'secrets.keychain_unavailable',
    keychainUnavailableMessage(platform, detail),
    {
      cause,
    },
  );
}
