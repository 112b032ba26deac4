import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// Installers cannot be built here (electron-builder downloads Electron), so the configuration is checked
// instead: against electron-builder's own JSON schema, and every file it names must exist.
const root = join(import.meta.dirname, '..', '..', '..');
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
const schema = JSON.parse(readFileSync(join(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8')) as object;

function validate(value: unknown) {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const check = ajv.compile(schema);
  return { ok: check(value), errors: ajv.errorsText(check.errors) };
}

const get = (path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), config);

describe('electron-builder.yml', () => {
  it("is valid against electron-builder's schema", () => {
    const r = validate(config);
    expect(r.errors).toBe('No errors');
    expect(r.ok).toBe(true);
  });

  it('the schema check can fail (a misspelt option is rejected)', () => {
    expect(validate({ ...config, nsis: { ...(config['nsis'] as object), perMachin: true } }).ok).toBe(false);
  });

  it('names the app and builds NSIS, dmg, AppImage and deb', () => {
    expect(config['appId']).toBe('com.intakedesk.app');
    expect(config['productName']).toBe('Intake Desk');
    const targets = JSON.stringify([get('win.target'), get('mac.target'), get('linux.target')]);
    for (const t of ['nsis', 'dmg', 'AppImage', 'deb']) expect(targets).toContain(`"${t}"`);
    // IT needs the assisted installer for /allusers (one-click installers are per-user only).
    expect(get('nsis.oneClick')).toBe(false);
    expect(get('fileAssociations')).toEqual([]);
  });

  it('flips every security fuse the checklist asks for', () => {
    expect(config['electronFuses']).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('every file and folder it names exists', () => {
    const files = [
      get('win.icon'),
      get('nsis.installerIcon'),
      get('nsis.uninstallerIcon'),
      get('nsis.include'),
      get('mac.icon'),
      ...((config['extraResources'] as { from: string }[]).map((r) => r.from) ?? []),
    ];
    for (const f of files) {
      expect(typeof f).toBe('string');
      expect(existsSync(join(root, f as string)), `${String(f)} exists`).toBe(true);
    }
    const linuxIcons = join(root, get('linux.icon') as string);
    expect(statSync(linuxIcons).isDirectory()).toBe(true);
    for (const size of [16, 32, 48, 64, 128, 256, 512, 1024]) {
      expect(existsSync(join(linuxIcons, `${size}x${size}.png`)), `${size}x${size}.png`).toBe(true);
    }
    for (const state of ['idle', 'uploading', 'paused', 'offline', 'failed']) {
      expect(existsSync(join(root, 'resources/tray', `tray-${state}.png`))).toBe(true);
      expect(existsSync(join(root, 'resources/tray', `tray-${state}@2x.png`))).toBe(true);
    }
  });

  it('icons are real images of the size their name says', () => {
    const png = readFileSync(join(root, 'resources/icons/256x256.png'));
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(256);
    const ico = readFileSync(join(root, 'resources/icon.ico'));
    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico.readUInt16LE(4)).toBeGreaterThanOrEqual(5);
    const icns = readFileSync(join(root, 'resources/icon.icns'));
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
  });

  it('the deb puts the generated systemd unit where systemd finds packaged units', () => {
    const extra = (get('deb.fpm') as string[]).map((a) => a.split('='));
    const unit = extra.find(([, to]) => to === '/lib/systemd/system/intake-desk-agent.service');
    expect(unit, 'an fpm source=destination entry for the unit').toBeDefined();
    const [from] = unit!;
    expect(readFileSync(join(root, from!), 'utf8')).toMatch(/^ExecStart=.*--headless run /m);
  });

  it('ships the built app, not the sources', () => {
    expect(config['files']).toContain('out/**/*');
    expect(JSON.stringify(config['files'])).not.toMatch(/electron\/|renderer\/|\.ts"/);
  });

  it('ships the German and English OCR models inside the app, where ocr-languages.ts looks for them', () => {
    expect(config['files']).toContain('resources/ocr/*.gz');
    expect(existsSync(join(root, 'resources/ocr/eng.traineddata.gz'))).toBe(true);
    expect(existsSync(join(root, 'resources/ocr/deu.traineddata.gz'))).toBe(true);
  });
});
