/** An 8-bit grey bitmap: 0 is black, 255 white, rows packed (stride = width). All analysis works on these. */
export interface GrayBitmap {
  width: number;
  height: number;
  data: Uint8Array;
}

/** RGBA (or RGB when channels is 3) to grey with the Rec. 601 weights, in integer arithmetic. */
export function toGray(pixels: Uint8Array, width: number, height: number, channels: number): GrayBitmap {
  if (channels === 1) return { width, height, data: pixels };
  const out = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < out.length; i++, p += channels) {
    out[i] = (77 * pixels[p]! + 150 * pixels[p + 1]! + 29 * pixels[p + 2]!) >> 8;
  }
  return { width, height, data: out };
}

/**
 * Grey as a binary PGM (P5) file. zxing-wasm decodes it inside its WASM (stb_image) straight to grey, so
 * a page costs 4 MB there instead of 15 MB of RGBA plus its copy. Pass `reuse` (the last result) to write
 * into it when the size matches.
 */
export function grayToPgm(src: GrayBitmap, reuse?: Uint8Array): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${src.width} ${src.height}\n255\n`);
  const size = header.length + src.data.length;
  const out = reuse?.length === size ? reuse : new Uint8Array(size);
  out.set(header);
  out.set(src.data, header.length);
  return out;
}

/** The page turned clockwise by a quarter turn, a half or three quarters (a new bitmap; 0 is the page itself). */
export function turnGray(src: GrayBitmap, degrees: 0 | 90 | 180 | 270): GrayBitmap {
  if (degrees === 0) return src;
  const { width: w, height: h, data } = src;
  const out = new Uint8Array(w * h);
  if (degrees === 180) {
    for (let i = 0, j = w * h - 1; i < w * h; i++, j--) out[i] = data[j]!;
    return { width: w, height: h, data: out };
  }
  // Turned a quarter, the bitmap is h wide and w high.
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = data[y * w + x]!;
      if (degrees === 90) out[x * h + (h - 1 - y)] = v;
      else out[(w - 1 - x) * h + y] = v;
    }
  }
  return { width: h, height: w, data: out };
}
