import { useEffect, useId, useRef, useState } from 'react';
import type { ScanRequest, ScannerCapabilities, ScannerInfo } from '../../../shared/domain/scanning';
import type { FolderProfile } from '../../../shared/domain/settings';
import type { IpcError } from '../../../shared/ipc/errors';
import { SCAN_KEY } from '../../app/shortcuts';
import { useAppStore } from '../../app/store';
import { ErrorBanner } from '../../components/error-banner';
import { useCatalog, useLocale } from '../../i18n/i18n';
import { keyNames } from '../../i18n/key-names';
import { intake } from '../../ipc/client';
import { toIpcError } from '../../ipc/ipc-error';
import { scanPanelMessages } from './scan-panel-messages';
import { useScanErrorText } from './scan-error-text';
import { stoppedReason } from './scan-progress';
import { scannerMessages } from './scanner-messages';
import { fitSettings, lastFolder, lastScanner, remember, rememberedSettings } from './scan-settings';

/** How long the address field stands still before the scanner there is asked what it offers. */
const ADDRESS_QUIET_MS = 400;
const NO_FOLDERS: readonly FolderProfile[] = [];

/**
 * The inbox's "Scan" (issue #38): pick a scanner (found, set by the station's settings, or added by its
 * address) and the folder profile the scan goes into (its capture settings, metadata and review); the
 * source, resolution and colour lists are what that scanner offers, starting from the last settings used
 * with it into that profile. Cancel while it runs; progress, "scan more" and "finish" are in the batch rows.
 * The Scan key opens the panel, and pressed again starts the scan.
 */
export function ScanPanel() {
  const t = useCatalog(scanPanelMessages);
  const scanErrorText = useScanErrorText();
  const locale = useLocale();
  const id = useId();
  const folders = useAppStore((s) => s.settings?.folders ?? NO_FOLDERS);
  const presses = useAppStore((s) => s.scanPresses);
  const [open, setOpen] = useState(false);
  const [scanners, setScanners] = useState<ScannerInfo[]>([]);
  const [picked, setPicked] = useState(lastScanner);
  const [address, setAddress] = useState('');
  const [folderId, setFolderId] = useState(() => lastFolder() ?? '');
  const [caps, setCaps] = useState<{ scanner: string; caps: ScannerCapabilities } | undefined>();
  const [request, setRequest] = useState<ScanRequest | undefined>();
  const [batchId, setBatchId] = useState<string | undefined>();
  const [error, setError] = useState<IpcError | undefined>();
  const scanning = useAppStore((s) => s.captureBatches.some((b) => b.id === batchId && b.scan?.state === 'scanning'));
  // This panel's scan, once the scanner stopped with trouble: its reason is said here too, at the top of the
  // pane, where the clerk who pressed Start looks (its row may sit below a small window's edge).
  const stopped = useAppStore((s) => s.captureBatches.find((b) => b.id === batchId && b.scan?.state === 'stopped'));
  const tScanner = useCatalog(scannerMessages);
  const startRef = useRef<HTMLButtonElement>(null);
  const pickerRef = useRef<HTMLSelectElement>(null);

  const folder = folders.find((f) => f.id === folderId) ?? folders[0];
  const chosen = address.trim() || picked;

  useEffect(() => {
    if (!open) return;
    intake()
      .call('scanning.scanners', {})
      .then(
        (r) => setScanners(r.scanners),
        (e: unknown) => setError(toIpcError(e)),
      );
  }, [open]);

  // What the chosen scanner offers; an address is asked once the clerk stopped typing.
  useEffect(() => {
    if (!open || !chosen) return;
    let live = true;
    const ask = () =>
      intake()
        .call('scanning.capabilities', { scanner: chosen })
        .then(
          (c) => live && (setCaps({ scanner: chosen, caps: c }), setError(undefined)),
          (e: unknown) => live && setError(toIpcError(e)),
        );
    const timer = setTimeout(ask, address.trim() ? ADDRESS_QUIET_MS : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [open, chosen, address]);

  // The settings start from the last ones used with this scanner into this profile, fitted to what it offers.
  const offered = caps?.scanner === chosen ? caps.caps : undefined;
  useEffect(() => {
    if (offered && folder) setRequest(fitSettings(rememberedSettings(chosen, folder.id), offered));
    else setRequest(undefined);
  }, [offered, chosen, folder]);

  const start = async () => {
    if (!chosen || !folder || !request || scanning) return;
    setError(undefined);
    try {
      remember(chosen, folder.id, request);
      const r = await intake().call('scanning.start', { scanner: chosen, request, folderId: folder.id });
      setBatchId(r.batchId);
    } catch (e) {
      setError(toIpcError(e));
    }
  };
  const cancel = () => {
    if (!batchId) return;
    intake()
      .call('scanning.cancel', { batchId })
      .catch((e: unknown) => setError(toIpcError(e)));
  };

  // The Scan key: opens the panel (the start button in reach once the scanner answered), then starts.
  const seen = useRef(presses);
  useEffect(() => {
    if (presses === seen.current) return;
    seen.current = presses;
    if (!open) setOpen(true);
    else void start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new press acts, with the state it finds
  }, [presses]);
  useEffect(() => {
    if (!open) return;
    if (request) startRef.current?.focus();
    else if (!chosen) pickerRef.current?.focus();
  }, [open, request, chosen]);

  const hint = keyNames(locale, SCAN_KEY);
  if (!open)
    return (
      <button
        type="button"
        className="button button-small"
        onClick={() => setOpen(true)}
        data-testid="scan"
        aria-keyshortcuts="Control+Shift+S"
      >
        {t('scan.open')} <kbd aria-hidden="true">{hint}</kbd>
      </button>
    );
  const select = <T extends string | number>(
    key: 'source' | 'dpi' | 'color',
    options: readonly T[],
    label: (v: T) => string,
    parse: (v: string) => T,
  ) =>
    request && (
      <>
        <label htmlFor={`${id}-${key}`}>{t(`scan.${key}`)}</label>
        <select
          id={`${id}-${key}`}
          data-testid={`scan-${key}`}
          value={request[key]}
          onChange={(e) => setRequest({ ...request, [key]: parse(e.target.value) })}
        >
          {options.map((v) => (
            <option key={v} value={v}>
              {label(v)}
            </option>
          ))}
        </select>
      </>
    );
  return (
    <section className="sheets-panel scan-panel" aria-labelledby={`${id}-title`} data-testid="scan-panel">
      <h3 id={`${id}-title`}>{t('scan.title')}</h3>
      <label htmlFor={`${id}-scanner`}>{t('scan.scanner')}</label>
      <select ref={pickerRef} id={`${id}-scanner`} value={picked} onChange={(e) => setPicked(e.target.value)}>
        <option value="">{t('scan.scanner.none')}</option>
        {picked && !scanners.some((s) => s.id === picked) && <option value={picked}>{picked}</option>}
        {scanners.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name && s.name !== s.id ? `${s.name} (${s.id})` : s.id}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-address`}>{t('scan.address')}</label>
      <input id={`${id}-address`} value={address} onChange={(e) => setAddress(e.target.value)} />
      <label htmlFor={`${id}-folder`}>{t('scan.folder')}</label>
      <select id={`${id}-folder`} value={folder?.id ?? ''} onChange={(e) => setFolderId(e.target.value)}>
        {folders.map((f) => (
          <option key={f.id} value={f.id}>
            {f.capture?.review ? t('scan.folder.review', { label: f.label }) : f.label}
          </option>
        ))}
      </select>
      {offered && (
        <>
          {select(
            'source',
            offered.sources,
            (v) => t(`scan.source.${v}`),
            (v) => v as ScanRequest['source'],
          )}
          {select('dpi', offered.resolutions, String, Number)}
          {select(
            'color',
            offered.colors,
            (v) => t(`scan.color.${v}`),
            (v) => v as ScanRequest['color'],
          )}
        </>
      )}
      {chosen && !offered && !error && <p className="muted">{t('scan.asking')}</p>}
      {folders.length === 0 && <p className="muted">{t('scan.noFolder')}</p>}
      <div className="button-row">
        <button
          ref={startRef}
          type="button"
          className="button"
          data-testid="scan-start"
          disabled={!request || !folder || scanning}
          onClick={() => void start()}
        >
          {t('scan.start')}
        </button>
        {scanning && (
          <button type="button" className="button" data-testid="scan-cancel" onClick={cancel}>
            {t('scan.cancel')}
          </button>
        )}
      </div>
      {stopped && (
        <p role="status" className="scan-stopped" data-testid="scan-panel-stopped">
          {stoppedReason(tScanner, stopped)}
        </p>
      )}
      {error && <ErrorBanner error={error} text={scanErrorText(error)} testId="scan-error" />}
    </section>
  );
}
