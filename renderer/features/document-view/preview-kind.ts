/** How the preview shows a content type: pdf.js, the browser's image decoder, utif2 for TIFF, or file info only. */
export type PreviewKind = 'pdf' | 'image' | 'tiff' | 'none';
export function previewKind(contentType: string, fileName: string): PreviewKind {
  const type = contentType.toLowerCase();
  const name = fileName.toLowerCase();
  if (type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf';
  // Chromium decodes no TIFF: the preview decodes it itself, page by page (tiff-view.tsx).
  if (/^image\/tiff$/.test(type) || /\.tiff?$/.test(name)) return 'tiff';
  if (/^image\/(png|jpeg|gif|webp|bmp)$/.test(type) || /\.(png|jpe?g|gif|webp|bmp)$/.test(name)) return 'image';
  return 'none';
}
