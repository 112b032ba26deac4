/** How the preview shows a content type: pdf.js, the browser's image decoder, or file info only. */
export type PreviewKind = 'pdf' | 'image' | 'none';
export function previewKind(contentType: string, fileName: string): PreviewKind {
  const type = contentType.toLowerCase();
  const name = fileName.toLowerCase();
  if (type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf';
  // Chromium decodes no TIFF; those get file info instead of a broken image.
  if (/^image\/(png|jpeg|gif|webp|bmp)$/.test(type) || /\.(png|jpe?g|gif|webp|bmp)$/.test(name)) return 'image';
  return 'none';
}
