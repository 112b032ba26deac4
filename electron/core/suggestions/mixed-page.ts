/**
 * A page with a text layer and text inside an image ("mixed", paperless-ngx's redo case): the layer
 * holds the typed text, not the words in a pasted scan or a screenshot. Such a page is OCR'd too, and the
 * OCR's words inside those images are added to the layer's; words the layer has already are not added
 * twice.
 */
import type { Box } from '../../../shared/domain/suggestions';
import type { TextWord } from './page-text';

/** An image smaller than this share of the page (a logo, a signature) is not worth an OCR of the page. */
const MIN_IMAGE_AREA = 0.02;
/** An image with fewer layer words on it than this has text the layer does not cover. */
const MIN_COVERING_WORDS = 3;

const centreIn = (b: Box, area: Box) => {
  const x = b.x + b.w / 2;
  const y = b.y + b.h / 2;
  return x >= area.x && x <= area.x + area.w && y >= area.y && y <= area.y + area.h;
};

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.min(a.w * a.h, b.w * b.h);
}

/** The page's images whose text the layer does not hold: large enough, and (almost) no layer word on them. */
export function imagesWithoutText(images: readonly Box[], layer: readonly TextWord[][]): Box[] {
  const words = layer.flat();
  return images.filter(
    (img) => img.w * img.h >= MIN_IMAGE_AREA && words.filter((w) => centreIn(w.box, img)).length < MIN_COVERING_WORDS,
  );
}

/** The OCR's lines that lie in `images`: only their words there, none overlapping a layer word by half or more. */
export function imageWords(layer: TextWord[][], ocr: TextWord[][], images: readonly Box[]): TextWord[][] {
  const words = layer.flat();
  return ocr
    .map((line) =>
      line.filter(
        (w) => images.some((img) => centreIn(w.box, img)) && !words.some((l) => overlap(l.box, w.box) >= 0.5),
      ),
    )
    .filter((line) => line.length > 0);
}

/** The layer's lines with the OCR's lines that lie in `images` (imageWords), in reading order: by the top of each line. */
export function mergeImageText(layer: TextWord[][], ocr: TextWord[][], images: readonly Box[]): TextWord[][] {
  return mergeLines(layer, imageWords(layer, ocr, images));
}

/** Two sets of a page's lines as one, in reading order: by the top of each line. */
export function mergeLines(layer: TextWord[][], added: TextWord[][]): TextWord[][] {
  const top = (line: TextWord[]) => Math.min(...line.map((w) => w.box.y));
  return [...layer, ...added]
    .map((line, i) => ({ line, i, y: top(line) }))
    .sort((a, b) => a.y - b.y || a.i - b.i)
    .map(({ line }) => line);
}
