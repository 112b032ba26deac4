/**
 * eSCL's XML, both ways (Mopria eSCL / Apple AirScan): the capabilities and status a scanner answers, read
 * into checked values, and the ScanSettings the client posts. Element names are matched without their
 * prefix (escl-xml.ts); what the app cannot use (a region, an intent) is left to the scanner's defaults.
 */
import { z } from 'zod';
import type { ScanColor, ScanRequest, ScannerCapabilities, ScanSource } from '../../../../shared/domain/scanning';
import { ScannerCapabilitiesSchema, scannableResolutions } from '../../../../shared/domain/scanning';
import type { XmlElement } from './escl-xml';
import { child, descendants, escapeXml, parseXml, textOf, XmlError } from './escl-xml';

/** eSCL's colour modes for ours. */
export const ESCL_COLOR: Record<ScanColor, string> = { color: 'RGB24', gray: 'Grayscale8', bw: 'BlackAndWhite1' };
const COLOR_OF: Record<string, ScanColor> = { RGB24: 'color', Grayscale8: 'gray', BlackAndWhite1: 'bw' };
/** Resolutions offered from a range (ResolutionRange): the usual steps inside it. */
const USUAL_DPI = [75, 100, 150, 200, 240, 300, 400, 600, 1200];

/** One input (platen, ADF one side, ADF both sides) as the scanner describes it. */
interface InputCaps {
  colors: Set<ScanColor>;
  resolutions: Set<number>;
  formats: Set<string>;
}

export interface EsclCapabilities extends ScannerCapabilities {
  /** The formats per source, to pick one the chosen source sends. */
  formatsBySource: Partial<Record<ScanSource, string[]>>;
  /** Whether ScanSettings should carry scan:DocumentFormatExt (eSCL 2.1+ scanners read that one). */
  formatExt: boolean;
  version: string;
}

function readInput(el: XmlElement | undefined): InputCaps | undefined {
  if (!el) return undefined;
  const caps: InputCaps = { colors: new Set(), resolutions: new Set(), formats: new Set() };
  for (const mode of descendants(el, 'ColorMode')) {
    const c = COLOR_OF[mode.text.trim()];
    if (c) caps.colors.add(c);
  }
  for (const f of [...descendants(el, 'DocumentFormat'), ...descendants(el, 'DocumentFormatExt')]) {
    const t = f.text.trim().toLowerCase();
    if (t) caps.formats.add(t);
  }
  for (const r of descendants(el, 'DiscreteResolution')) {
    const x = Number(textOf(r, 'XResolution'));
    const y = Number(textOf(r, 'YResolution') ?? x);
    if (Number.isInteger(x) && x > 0 && x === y) caps.resolutions.add(x);
  }
  for (const range of descendants(el, 'XResolutionRange')) {
    const min = Number(textOf(range, 'Min'));
    const max = Number(textOf(range, 'Max'));
    if (Number.isFinite(min) && Number.isFinite(max))
      for (const d of USUAL_DPI) if (d >= min && d <= max) caps.resolutions.add(d);
  }
  return caps;
}

/** ScannerCapabilities → what the app can ask for; refused when it is no eSCL capabilities document. */
export function parseCapabilities(text: string): EsclCapabilities {
  const root = parseXml(text);
  if (root.name !== 'ScannerCapabilities') throw new XmlError(`<${root.name}> where ScannerCapabilities was expected`);
  const platen = readInput(child(child(root, 'Platen'), 'PlatenInputCaps'));
  const adf = child(root, 'Adf');
  const simplex = readInput(child(adf, 'AdfSimplexInputCaps'));
  const duplexOption = descendants(adf ?? root, 'AdfOption').some((o) => o.text.trim() === 'Duplex');
  const duplex = readInput(child(adf, 'AdfDuplexInputCaps')) ?? (duplexOption ? simplex : undefined);
  const inputs: [ScanSource, InputCaps | undefined][] = [
    ['platen', platen],
    ['feeder', simplex],
    ['duplex', duplex],
  ];
  const offered = inputs.filter((x): x is [ScanSource, InputCaps] => x[1] !== undefined);
  const union = <T>(pick: (c: InputCaps) => Set<T>) => [...new Set(offered.flatMap(([, c]) => [...pick(c)]))];
  const caps = ScannerCapabilitiesSchema.parse({
    makeAndModel: textOf(root, 'MakeAndModel') ?? '',
    sources: offered.map(([s]) => s),
    resolutions: scannableResolutions(union((c) => c.resolutions)),
    colors: (['color', 'gray', 'bw'] as const).filter((c) => offered.some(([, i]) => i.colors.has(c))),
    formats: union((c) => c.formats),
  });
  if (caps.sources.length === 0) throw new XmlError('the scanner offers neither a platen nor a feeder');
  return {
    ...caps,
    formatsBySource: Object.fromEntries(offered.map(([s, c]) => [s, [...c.formats]])),
    formatExt: descendants(root, 'DocumentFormatExt').length > 0,
    version: textOf(root, 'Version') ?? '2.0',
  };
}

const StatusSchema = z.object({
  state: z.string(),
  adfState: z.string().optional(),
  jobs: z.array(z.object({ uri: z.string(), state: z.string(), reasons: z.array(z.string()) })),
});
export type EsclStatus = z.infer<typeof StatusSchema>;

/** ScannerStatus: the device's state (Idle, Processing, Testing, Stopped, Down), the feeder's, the jobs. */
export function parseStatus(text: string): EsclStatus {
  const root = parseXml(text);
  if (root.name !== 'ScannerStatus') throw new XmlError(`<${root.name}> where ScannerStatus was expected`);
  const state = textOf(root, 'State');
  if (!state) throw new XmlError('ScannerStatus without a State');
  const adfState = textOf(root, 'AdfState');
  return StatusSchema.parse({
    state,
    ...(adfState ? { adfState } : {}),
    jobs: descendants(root, 'JobInfo').map((j) => ({
      uri: textOf(j, 'JobUri') ?? '',
      state: textOf(j, 'JobState') ?? '',
      reasons: descendants(j, 'JobStateReason').map((r) => r.text.trim()),
    })),
  });
}

/** The page format asked for: JPEG for colour and grey (what scanners make best), PNG or PDF when not offered. */
export function chooseFormat(caps: EsclCapabilities, request: ScanRequest): string {
  const offered = caps.formatsBySource[request.source] ?? caps.formats;
  const preference =
    request.color === 'bw'
      ? ['image/png', 'image/tiff', 'image/jpeg', 'application/pdf']
      : ['image/jpeg', 'image/png', 'application/pdf', 'image/tiff'];
  const format = preference.find((f) => offered.includes(f));
  if (!format) return 'image/jpeg';
  return format;
}

/** The ScanSettings document POSTed to ScanJobs. */
export function scanSettingsXml(caps: EsclCapabilities, request: ScanRequest): string {
  const format = chooseFormat(caps, request);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<scan:ScanSettings xmlns:scan="http://schemas.hp.com/imaging/escl/2011/05/03" xmlns:pwg="http://www.pwg.org/schemas/2010/12/sm">',
    `  <pwg:Version>${escapeXml(caps.version)}</pwg:Version>`,
    '  <scan:Intent>Document</scan:Intent>',
    `  <pwg:InputSource>${request.source === 'platen' ? 'Platen' : 'Feeder'}</pwg:InputSource>`,
    ...(request.source === 'platen' ? [] : [`  <scan:Duplex>${request.source === 'duplex'}</scan:Duplex>`]),
    `  <scan:ColorMode>${ESCL_COLOR[request.color]}</scan:ColorMode>`,
    `  <pwg:DocumentFormat>${escapeXml(format)}</pwg:DocumentFormat>`,
    ...(caps.formatExt ? [`  <scan:DocumentFormatExt>${escapeXml(format)}</scan:DocumentFormatExt>`] : []),
    `  <scan:XResolution>${request.dpi}</scan:XResolution>`,
    `  <scan:YResolution>${request.dpi}</scan:YResolution>`,
    '</scan:ScanSettings>',
  ];
  return lines.join('\n');
}

/** ScanSettings as the double (and a test) reads them back. */
export function parseScanSettings(text: string): { source: ScanSource; color: ScanColor; dpi: number; format: string } {
  const root = parseXml(text);
  if (root.name !== 'ScanSettings') throw new XmlError(`<${root.name}> where ScanSettings was expected`);
  const input = textOf(root, 'InputSource');
  const duplex = textOf(root, 'Duplex') === 'true';
  const color = COLOR_OF[textOf(root, 'ColorMode') ?? ''];
  const dpi = Number(textOf(root, 'XResolution'));
  if ((input !== 'Platen' && input !== 'Feeder') || !color || !Number.isInteger(dpi))
    throw new XmlError('ScanSettings without a valid InputSource, ColorMode or XResolution');
  return {
    source: input === 'Platen' ? 'platen' : duplex ? 'duplex' : 'feeder',
    color,
    dpi,
    format: textOf(root, 'DocumentFormatExt') ?? textOf(root, 'DocumentFormat') ?? 'image/jpeg',
  };
}
