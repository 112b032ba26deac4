/**
 * The OCR settings in one place (docs/capture.md, "Text"). Pages after the limit are not read: a letter's
 * numbers are on its first pages, and each page costs seconds of a core.
 */
export const OCR_DEFAULTS = {
  /** Pages OCR'd per document by default. */
  maxPages: 3,
  /** Resolution a PDF page is rendered at for OCR. 300 DPI is what Tesseract is trained for. */
  dpi: 300,
  /** A PDF page whose text layer has fewer characters than this is treated as a scan and OCR'd. */
  minTextLayerChars: 20,
} as const;

/** Bump when the text extraction changes so cached results made by older code are not used. */
export const TEXT_CACHE_VERSION = 3;
