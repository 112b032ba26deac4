import { useEffect, useId, useState } from 'react';
import type { ScanColor, ScannerInfo, ScanSource } from '../../../shared/domain/scanning';
import type { IpcError } from '../../../shared/ipc/errors';
import { ErrorBanner } from '../../components/error-banner';
import { useCatalog } from '../../i18n/i18n';
import { intake } from '../../ipc/client';
import { toIpcError } from '../../ipc/ipc-error';
import { scanPanelMessages } from './scan-panel-messages';

/** The last scanner and settings are this station's (the browser's local store), not a folder profile's. */
const LAST_SCANNER = 'intake.scan.lastScanner';

/**
 * The inbox's "Scan" (issue #38): pick a scanner (found, or added by its address), source, resolution and
 * colour, and scan into the first folder profile; Cancel while it runs. Progress shows in the batch rows.
 */
export function ScanPanel() {
  const t = useCatalog(scanPanelMessages);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [scanners, setScanners] = useState<ScannerInfo[]>([]);
  const [scanner, setScanner] = useState(() => localStorage.getItem(LAST_SCANNER) ?? '');
  const [address, setAddress] = useState('');
  const [source, setSource] = useState<ScanSource>('feeder');
  const [dpi, setDpi] = useState(300);
  const [color, setColor] = useState<ScanColor>('gray');
  const [batchId, setBatchId] = useState<string | undefined>();
  const [error, setError] = useState<IpcError | undefined>();

  useEffect(() => {
    if (!open) return;
    intake()
      .call('scanning.scanners', {})
      .then(
        (r) => setScanners(r.scanners),
        (e: unknown) => setError(toIpcError(e)),
      );
  }, [open]);

  const start = async (more: boolean) => {
    setError(undefined);
    try {
      const chosen = address.trim() || scanner;
      localStorage.setItem(LAST_SCANNER, chosen);
      const settings = await intake().call('settings.get', {});
      const folderId = settings.folders[0]?.id ?? '';
      const r = await intake().call('scanning.start', {
        scanner: chosen,
        request: { source, dpi, color },
        folderId,
        ...(more && batchId ? { batchId } : {}),
      });
      setBatchId(r.batchId);
    } catch (e) {
      setError(toIpcError(e));
    }
  };
  const act = (channel: 'scanning.cancel' | 'scanning.finish') => {
    if (!batchId) return;
    intake()
      .call(channel, { batchId })
      .then(
        () => channel === 'scanning.finish' && setBatchId(undefined),
        (e: unknown) => setError(toIpcError(e)),
      );
  };

  if (!open)
    return (
      <button type="button" className="button button-small" onClick={() => setOpen(true)} data-testid="scan">
        {t('scan.open')}
      </button>
    );
  return (
    <section className="sheets-panel" aria-labelledby={`${id}-title`} data-testid="scan-panel">
      <h3 id={`${id}-title`}>{t('scan.title')}</h3>
      <label htmlFor={`${id}-scanner`}>{t('scan.scanner')}</label>
      <select id={`${id}-scanner`} value={scanner} onChange={(e) => setScanner(e.target.value)}>
        <option value="">{t('scan.scanner.none')}</option>
        {scanner && !scanners.some((s) => s.id === scanner) && <option value={scanner}>{scanner}</option>}
        {scanners.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name || s.id}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-address`}>{t('scan.address')}</label>
      <input id={`${id}-address`} value={address} onChange={(e) => setAddress(e.target.value)} />
      <label htmlFor={`${id}-source`}>{t('scan.source')}</label>
      <select id={`${id}-source`} value={source} onChange={(e) => setSource(e.target.value as ScanSource)}>
        <option value="feeder">{t('scan.source.feeder')}</option>
        <option value="duplex">{t('scan.source.duplex')}</option>
        <option value="platen">{t('scan.source.platen')}</option>
      </select>
      <label htmlFor={`${id}-dpi`}>{t('scan.dpi')}</label>
      <select id={`${id}-dpi`} value={dpi} onChange={(e) => setDpi(Number(e.target.value))}>
        {[150, 200, 300, 600].map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-color`}>{t('scan.color')}</label>
      <select id={`${id}-color`} value={color} onChange={(e) => setColor(e.target.value as ScanColor)}>
        <option value="gray">{t('scan.color.gray')}</option>
        <option value="color">{t('scan.color.color')}</option>
        <option value="bw">{t('scan.color.bw')}</option>
      </select>
      <div className="button-row">
        <button type="button" className="button" data-testid="scan-start" onClick={() => void start(false)}>
          {t('scan.start')}
        </button>
        {batchId && (
          <>
            <button type="button" className="button" data-testid="scan-cancel" onClick={() => act('scanning.cancel')}>
              {t('scan.cancel')}
            </button>
            <button type="button" className="button" data-testid="scan-more" onClick={() => void start(true)}>
              {t('scan.more')}
            </button>
            <button type="button" className="button" data-testid="scan-finish" onClick={() => act('scanning.finish')}>
              {t('scan.finish')}
            </button>
          </>
        )}
      </div>
      {error && <ErrorBanner error={error} testId="scan-error" />}
    </section>
  );
}
