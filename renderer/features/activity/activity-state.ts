import type { ActivityCase, ActivityEntry, ActivityStatus } from '../../../shared/domain/activity';
import type { IpcError } from '../../../shared/ipc/errors';

export interface ActivitySlice {
  activityCases?: ActivityCase[];
  activityCasesError?: IpcError;
  /** The case whose timeline is shown. */
  activityCaseNumber?: string;
  activityEntries?: ActivityEntry[];
  activityLoading: boolean;
  activityError?: IpcError;
  activityStatus?: ActivityStatus;
  activityRefreshing: boolean;
  activitySeq: number;
  loadActivityCases(): Promise<void>;
  /** Shows the timeline of a case; from the claim viewer, a created case or a document. */
  openActivity(caseNumber: string): Promise<void>;
  /** `activity.changed`: reloads the list of cases and the shown timeline if it is among them. */
  applyActivityChanged(caseNumbers: readonly string[]): void;
  refreshActivity(): Promise<void>;
}
