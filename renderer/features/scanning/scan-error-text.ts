import type { IpcError } from '../../../shared/ipc/errors';
import { SCANNER_PROBLEMS } from '../../../shared/domain/scanning';
import type { ScannerProblemCode } from '../../../shared/domain/scanning';
import { useCatalog } from '../../i18n/i18n';
import { scannerMessages } from './scanner-messages';

const isScannerProblem = (code: string): code is ScannerProblemCode =>
  (SCANNER_PROBLEMS as readonly string[]).includes(code);

/**
 * A scanning call's failure in the clerk's language (issue #48 item 4): a scanner's trouble crosses as its
 * code (`scanner.bad_address` …, electron/core/ipc/scanning-handlers.ts), whose sentence is in this feature's
 * catalog, not the app's error catalog; without this the banner showed the core's English text. Other codes
 * keep the error catalog's sentence (undefined here).
 */
export function useScanErrorText(): (error: Pick<IpcError, 'code'>) => string | undefined {
  const t = useCatalog(scannerMessages);
  return (error) => (isScannerProblem(error.code) ? t(error.code) : undefined);
}
