import { useEffect, useRef, useState } from 'react';
import type { IFD } from 'utif2';
import { useT } from '../../i18n/i18n';
import type { PagedViewProps } from './paged-view';
import { drawTiffPage, loadUtif, tiffPages } from './utif';
import type { Utif } from './utif';

/**
 * Every page of a TIFF (issue #16 item 4: Chromium decodes no TIFF). The file's directories are read once;
 * a page is decoded when shown (G4 fax, LZW, Deflate, uncompressed, JPEG-in-TIFF; as utif2 can), and
 * drawn at its own pixel size times the preview's zoom, as images are (100 % = one page pixel per CSS
 * pixel; `onPageSize` lets the preview fit the page).
 */
export function TiffView(props: PagedViewProps & { bytes: ArrayBuffer }) {
  const t = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // utif2 decodes into the directory objects: they live in a ref, the page count in state.
  const decoder = useRef<{ utif: Utif; ifds: IFD[] }>(undefined);
  const [count, setCount] = useState(0);
  const [size, setSize] = useState<{ width: number; height: number }>();
  const { bytes, zoom, page, onPages, onError, onPageSize } = props;

  useEffect(() => {
    let cancelled = false;
    void loadUtif()
      .then((utif) => {
        // Top-level directories are the pages; sub-IFDs (thumbnails) are not.
        const ifds = tiffPages(utif, bytes);
        if (cancelled) return;
        if (ifds.length === 0) throw new Error('no pages');
        decoder.current = { utif, ifds };
        setCount(ifds.length);
        onPages(ifds.length);
      })
      .catch((e: unknown) => !cancelled && onError(e instanceof Error ? e.message : String(e)));
    return () => {
      cancelled = true;
    };
    // onPages/onError are stable callbacks from the parent; reload only for other bytes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bytes]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const pages = decoder.current;
    if (count === 0 || !pages || !canvas) return;
    const ifd = pages.ifds[Math.min(Math.max(1, page), pages.ifds.length) - 1];
    if (!ifd) return;
    try {
      drawTiffPage(pages.utif, bytes, ifd, canvas);
      setSize((s) =>
        s && s.width === canvas.width && s.height === canvas.height
          ? s
          : { width: canvas.width, height: canvas.height },
      );
      onPageSize?.(canvas.width, canvas.height);
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
    }
  }, [count, page, bytes, onError, onPageSize]);

  return (
    <canvas
      ref={canvasRef}
      className="pdf-canvas"
      // Hidden until the page's size is known, so it never shows at a wrong one.
      style={size ? { width: `${size.width * zoom}px` } : { visibility: 'hidden' }}
      role="img"
      aria-label={t('preview.pageOf', { page, pages: Math.max(1, count) })}
      data-testid="tiff-canvas"
    />
  );
}
