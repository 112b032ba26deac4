/**
 * The station's scanner backends, built in one place (the app and the agent): eSCL with the certificate
 * pins of the data folder (`scanners/certificate-pins.json`), mDNS discovery and the addresses given, and
 * SANE through scanimage where it is installed.
 */
import { join } from 'node:path';
import { FileCertificatePins } from './escl/certificate-pins';
import { EsclBackend } from './escl/escl-backend';
import { discoverEscl } from './escl/escl-discovery';
import { SaneBackend } from './sane/sane-backend';
import type { ScannerBackend } from './backend/scanner-backend';

/** The pins file in a data folder. */
export const pinsFileOf = (dataDir: string) => join(dataDir, 'scanners', 'certificate-pins.json');

export async function scannerBackends(
  dataDir: string,
  addresses: () => readonly { url: string; name?: string; via: 'address' | 'settings' }[] = () => [],
  mdnsMs?: number,
): Promise<ScannerBackend[]> {
  return [
    new EsclBackend({
      pins: await FileCertificatePins.load(pinsFileOf(dataDir)),
      addresses,
      discover: (signal) => discoverEscl({ ...(mdnsMs !== undefined ? { windowMs: mdnsMs } : {}) }, signal),
    }),
    new SaneBackend(),
  ];
}

/**
 * Backends that are still being made (their pins file read) as one list the scan service can use at once:
 * each call waits for them. A pins file that cannot be read fails the scanning calls, not the app.
 */
export function lazyBackends(made: Promise<ScannerBackend[]>): ScannerBackend[] {
  made.catch(() => undefined);
  const kinds = [
    { kind: 'escl' as const, owns: (id: string) => /^https?:\/\//i.test(id) },
    { kind: 'sane' as const, owns: (id: string) => id.startsWith('sane:') },
  ];
  return kinds.map(({ kind, owns }, i) => ({
    kind,
    owns,
    list: async (signal) => (await made)[i]!.list(signal),
    capabilities: async (id, signal) => (await made)[i]!.capabilities(id, signal),
    scan: async (id, request, signal) => (await made)[i]!.scan(id, request, signal),
  }));
}
