/**
 * What `scanimage -A` (and `--help -d DEV`) says a SANE device offers, read into our words: its sources
 * (Flatbed → platen, an ADF → feeder, an ADF duplex → duplex), resolutions (a list `75|150|300dpi` or a
 * range `50..1200dpi`), colour modes (Color, Gray, Lineart — or Gray at depth 1, as the test backend has).
 * Option names and values differ between backends; these are the ones SANE's own frontends match.
 */
import type { ScanColor, ScanSource } from '../../../../shared/domain/scanning';
import { scannableResolutions } from '../../../../shared/domain/scanning';

const USUAL_DPI = [75, 100, 150, 200, 240, 300, 400, 600, 1200];

export interface SaneOptions {
  /** Our source → the device's value for --source (absent: the device has no --source). */
  sources: Partial<Record<ScanSource, string>>;
  resolutions: number[];
  /** Our colour → the device's --mode value and an optional --depth. */
  colors: Partial<Record<ScanColor, { mode: string; depth?: number }>>;
}

/** `--name values [default]` → the values. */
function optionValues(text: string, name: string): string[] | undefined {
  const re = new RegExp(`^\\s*--${name}(?:\\[=\\(|\\s)([^\\n\\[]*)`, 'm');
  const m = re.exec(text);
  if (!m) return undefined;
  return m[1]!
    .trim()
    .replace(/dpi$/, '')
    .split('|')
    .map((v) => v.trim())
    .filter(Boolean);
}

function sourceOf(value: string): ScanSource | undefined {
  const v = value.toLowerCase();
  if (/duplex/.test(v)) return 'duplex';
  if (/adf|feeder|automatic document/.test(v)) return 'feeder';
  if (/flatbed|platen|normal/.test(v)) return 'platen';
  return undefined;
}

export function parseSaneOptions(text: string): SaneOptions {
  const sources: SaneOptions['sources'] = {};
  const sourceValues = optionValues(text, 'source');
  if (sourceValues) {
    for (const v of sourceValues) {
      const s = sourceOf(v);
      // The first value naming a source wins ("ADF Front" before "ADF Back").
      if (s && !sources[s]) sources[s] = v;
    }
  } else sources.platen = '';
  const resolutions = new Set<number>();
  const res = optionValues(text, 'resolution');
  for (const v of res ?? []) {
    const range = /^(\d+)\.\.(\d+)/.exec(v);
    if (range) {
      const [min, max] = [Number(range[1]), Number(range[2])];
      for (const d of USUAL_DPI) if (d >= min && d <= max) resolutions.add(d);
    } else if (/^\d+$/.test(v)) resolutions.add(Number(v));
  }
  const colors: SaneOptions['colors'] = {};
  const modes = optionValues(text, 'mode');
  // A device without a mode option (SANE's pnm reader, cameras) scans in its one mode: offered as grey and
  // colour, and no --mode is passed (mode ''); scanimage writes whatever it gets as the JPEG asked for.
  if (!modes) Object.assign(colors, { gray: { mode: '' }, color: { mode: '' } });
  for (const mode of modes ?? []) {
    const m = mode.toLowerCase();
    if (/colou?r/.test(m) && !colors.color) colors.color = { mode };
    else if (/gr[ae]y/.test(m) && !colors.gray) colors.gray = { mode };
    else if (/lineart|binary|black|halftone|mono/.test(m) && !colors.bw) colors.bw = { mode };
  }
  const depths = optionValues(text, 'depth') ?? [];
  if (!colors.bw && colors.gray && depths.includes('1')) colors.bw = { mode: colors.gray.mode, depth: 1 };
  if (colors.gray && depths.includes('8')) colors.gray = { ...colors.gray, depth: 8 };
  return { sources, resolutions: scannableResolutions(resolutions), colors };
}
