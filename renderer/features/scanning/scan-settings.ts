import type { ScanRequest, ScannerCapabilities } from '../../../shared/domain/scanning';
import { ScanRequestSchema } from '../../../shared/domain/scanning';

/**
 * A scan's settings (issue #38): only what the chosen scanner offers (its capabilities), starting from the
 * clerk's last settings for that scanner and folder profile. Remembered on this station (the window's
 * local store), not in the settings file: they are the clerk's habit at this desk, not a deployment.
 */
const LAST_SCANNER = 'intake.scan.lastScanner';
const LAST_FOLDER = 'intake.scan.lastFolder';
const settingsKey = (scanner: string, folderId: string) => `intake.scan.settings:${scanner}\n${folderId}`;

/** What a scan asks for when nothing is remembered: the feeder, 300 dpi, grey — where offered. */
const PREFERRED: ScanRequest = { source: 'feeder', dpi: 300, color: 'gray' };

/** `wanted` fitted to the scanner: source and colour kept where offered, else the usual one, else the first offered; the resolution offered nearest to the one wanted. */
export function fitSettings(wanted: ScanRequest | undefined, caps: ScannerCapabilities): ScanRequest {
  const pick = <T>(offered: readonly T[], ...choices: T[]): T =>
    choices.find((c) => offered.includes(c)) ?? offered[0] ?? choices[choices.length - 1]!;
  const nearest = (dpi: number) =>
    caps.resolutions.length === 0
      ? dpi
      : caps.resolutions.reduce((best, r) => (Math.abs(r - dpi) < Math.abs(best - dpi) ? r : best));
  return {
    source: pick(caps.sources, ...(wanted ? [wanted.source] : []), PREFERRED.source),
    dpi: nearest(wanted?.dpi ?? PREFERRED.dpi),
    color: pick(caps.colors, ...(wanted ? [wanted.color] : []), PREFERRED.color),
  };
}

const read = (key: string): string | undefined => localStorage.getItem(key) ?? undefined;

export const lastScanner = () => read(LAST_SCANNER) ?? '';
export const lastFolder = () => read(LAST_FOLDER);

/** The last settings used with this scanner into this folder profile; a damaged entry is none. */
export function rememberedSettings(scanner: string, folderId: string): ScanRequest | undefined {
  const raw = read(settingsKey(scanner, folderId));
  if (!raw) return undefined;
  try {
    const parsed = ScanRequestSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function remember(scanner: string, folderId: string, request: ScanRequest): void {
  localStorage.setItem(LAST_SCANNER, scanner);
  localStorage.setItem(LAST_FOLDER, folderId);
  localStorage.setItem(settingsKey(scanner, folderId), JSON.stringify(request));
}
