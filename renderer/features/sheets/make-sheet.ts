import type { InvokeRequest } from '../../../shared/ipc/contract';
import { intake } from '../../ipc/client';
import { readWhole } from '../document-view/document-bytes';

/** A sheet PDF is small (a few kB a page); anything larger is not ours. */
const MAX_SHEET_BYTES = 20 * 1024 * 1024;

/**
 * Makes the sheets in the core (capture.sheet) and hands the PDF to the browser as a download: its bytes
 * come by the content route like a document's, never through an invoke. The window cannot print a PDF
 * itself (its CSP allows no frames), so the clerk opens the saved file and prints it.
 */
export async function makeSheet(request: InvokeRequest<'capture.sheet'>): Promise<{ fileName: string; pages: number }> {
  const sheet = await intake().call('capture.sheet', request);
  const blob = await readWhole(intake().contentSource(sheet.id), 'application/pdf', MAX_SHEET_BYTES);
  if (!blob) throw new Error('sheet PDF larger than expected');
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = sheet.fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { fileName: sheet.fileName, pages: sheet.pages };
}
