/**
 * sharp (libvips), loaded when first needed and set up for worker threads: no operation cache (each page
 * is decoded once) and one libvips thread per call (the pool already runs one worker per core; libvips'
 * own threads only added buffers: peak RSS 308 → see docs/capture.md).
 */
import type sharpType from 'sharp';

let loaded: Promise<typeof sharpType> | undefined;

export function loadSharp(): Promise<typeof sharpType> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}
