import { extname } from 'node:path';

const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.txt': 'text/plain',
  '.xml': 'application/xml',
  '.json': 'application/json',
};

/** By extension: scanners name their files reliably, and sniffing content would need a second read. */
export function contentTypeOf(fileName: string): string {
  return TYPES[extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}
