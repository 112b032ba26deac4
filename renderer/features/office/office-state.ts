import type { OfficeOverview } from '../../../shared/domain/office-status';
import type { IpcError } from '../../../shared/ipc/errors';

export interface OfficeSlice {
  /** The office database's last answer (issue #50 item 6): none, its figures, or why there are none now. */
  officeOverview?: OfficeOverview;
  /** When that answer came (this station's clock). */
  officeCheckedAt?: string;
  /** An ask under way: the next one waits for it rather than pile up behind a server that is slow to answer. */
  officeLoading: boolean;
  /** The channel itself failed (not the database: that is an answer, `unreachable` or `refused`). */
  officeError?: IpcError;
  loadOfficeOverview(): Promise<void>;
}
