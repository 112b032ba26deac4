/**
 * The app's own cover sheet, read with no setting (issue #48 item 5). The sheet Intake Desk prints
 * (sheets/sheet-pdf.ts) carries the folder's separator value and the case number, each as a Code 128.
 * A folder without a metadata pattern takes the case number from such a sheet: a separator page whose
 * separator-value code stands beside exactly one other Code 128 value. The value is checked against the
 * platform's case-number form where the document is made (capture-intake's cover-sheet values): one not in
 * that form is left out and the document is not sent by itself.
 *
 * Not taken: a code matching the folder's separator pattern (that code marks the sheet, it is not a
 * value), codes of other symbologies (the app prints none), and two different values on one sheet (which
 * one is the case number cannot be told).
 */
import type { CaptureProfile, PageAnalysis } from '../../../../shared/domain/capture';

export type OwnCoverProfile = Pick<CaptureProfile, 'separatorValue' | 'separatorPattern'>;

/** `{ CaseNumber }` from one of the app's cover sheets, else nothing. `page` is a separator sheet. */
export function ownCoverSheetValues(
  page: Pick<PageAnalysis, 'barcodes'>,
  profile: OwnCoverProfile,
): Record<string, string> {
  const code128 = page.barcodes.filter((b) => b.format === 'Code128');
  if (!code128.some((b) => b.text === profile.separatorValue)) return {};
  const separatorRe = profile.separatorPattern ? new RegExp(profile.separatorPattern) : undefined;
  const values = new Set(
    code128
      .map((b) => b.text.trim())
      .filter((t) => t !== '' && t !== profile.separatorValue && !(separatorRe?.test(t) ?? false)),
  );
  if (values.size !== 1) return {};
  return { CaseNumber: [...values][0]! };
}
