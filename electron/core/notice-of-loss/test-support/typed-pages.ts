import type { PageText } from '../../suggestions/page-text';

/** Lines of text as one page of words with boxes, as OCR gives them (for tests that need no image). */
export function typedPage(lines: readonly string[], page = 0): PageText {
  return {
    page,
    source: 'ocr',
    lines: lines.map((line, i) =>
      line
        .split(/\s+/)
        .filter(Boolean)
        .map((text, j) => ({
          text,
          box: { x: Math.min(0.9, 0.05 + j * 0.06), y: Math.min(0.95, 0.04 + i * 0.025), w: 0.05, h: 0.02 },
        })),
    ),
  };
}
