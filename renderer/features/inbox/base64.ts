/** Bytes ↔ base64 in the browser without Buffer; chunked so large scans do not overflow the call stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

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
