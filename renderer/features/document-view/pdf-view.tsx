import { useEffect, useRef, useState } from 'react';
import type * as Pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { ContentSource } from '../../../shared/ipc/api';
import { useT } from '../../i18n/i18n';
import { readRange } from './document-bytes';
import type { PagedViewProps } from './paged-view';

/** Where pdf.js reads the document, and what the preview already read: its first bytes and total size. */
export interface PdfStart {
  source: ContentSource;
  first: Uint8Array<ArrayBuffer>;
  total: number;
}

/** pdf.js asks for the parts it needs in chunks of this size, never the whole file. */
const RANGE_CHUNK = 256 * 1024;
/**
 * How long a document the clerk left may go on loading before it is stopped anyway: a damaged PDF makes
 * pdf.js read the whole file to rebuild it, which must not go on in the background for minutes.
 */
const LEFT_LOAD_MS = 10_000;

let pdfjsLoaded: Promise<typeof Pdfjs> | undefined;
/** pdf.js is loaded on first use, with its worker from our own origin (CSP: worker-src 'self' blob:). */
export function loadPdfjs() {
  pdfjsLoaded ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    },
  );
  return pdfjsLoaded;
}

/**
 * The document's pages drawn by pdf.js; with `textLayer`, pdf.js's own text layer over the page (issue
 * #39 item 7: a born-digital page's text, selectable where it is drawn). A scanned page's words come from
 * the app's OCR instead (word-layer.tsx), so the preview turns this off for those.
 */
export function PdfView(props: PagedViewProps & { start: PdfStart; textLayer: boolean }) {
  const t = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy>();
  const [drawn, setDrawn] = useState(false);
  const { start, zoom, page, onPages, onError, onPageSize, textLayer } = props;

  useEffect(() => {
    let cancelled = false;
    const abort = new AbortController();
    let loading: Pdfjs.PDFDocumentLoadingTask | undefined;
    /** Set once the load has settled (loaded or failed): only then may the worker be stopped. */
    let settled = false;
    /** A range read failed: pdf.js waits for it for ever, so this load never settles. */
    let readFailed = false;
    /**
     * Stopping pdf.js's worker while it still loads a document makes the worker throw its own "Worker was
     * terminated" into the console (an uncaught rejection inside pdf.js, out of our reach). So a document
     * left mid-load is let finish loading (pdf.js reads only the few ranges it needs) and stopped then.
     */
    let destroyed = false;
    let giveUp: ReturnType<typeof setTimeout> | undefined;
    const destroy = () => {
      clearTimeout(giveUp);
      if (destroyed || !loading) return;
      destroyed = true;
      abort.abort();
      void loading.destroy().catch(() => undefined);
    };
    void loadPdfjs()
      .then((pdfjs) => {
        // Left before pdf.js was even ready: nothing was started, nothing to stop.
        if (cancelled) return undefined;
        // A range transport: pdf.js asks for byte ranges, we fetch them with the shell's token (a 2 GiB
        // file is never read whole, and its bytes never pass through the IPC contract).
        const transport = new pdfjs.PDFDataRangeTransport(start.total, start.first.slice());
        transport.requestDataRange = (begin: number, end: number) => {
          readRange(start.source, begin, end - 1, abort.signal)
            .then((r) => transport.onDataRange(begin, r.bytes))
            .catch((e: unknown) => {
              // A failed read never settles the load: it is stopped now (left) or when the clerk leaves.
              readFailed = true;
              if (cancelled) destroy();
              else onError(e instanceof Error ? e.message : String(e));
            });
        };
        loading = pdfjs.getDocument({
          range: transport,
          rangeChunkSize: RANGE_CHUNK,
          disableAutoFetch: true,
          disableStream: true,
        });
        return loading.promise.finally(() => {
          settled = true;
          if (cancelled) destroy();
        });
      })
      .then((doc) => {
        if (cancelled || !doc) return;
        setPdf(doc);
        onPages(doc.numPages);
      })
      .catch((e: unknown) => !cancelled && onError(e instanceof Error ? e.message : String(e)));
    return () => {
      cancelled = true;
      // Destroying the loading task also frees the document and its worker port; a load still under way
      // keeps its reads and is destroyed when it settles (above), or after LEFT_LOAD_MS whatever its state.
      if (settled || readFailed || !loading) destroy();
      else giveUp = setTimeout(destroy, LEFT_LOAD_MS);
    };
    // onPages/onError are stable callbacks from the parent; reload only for another document.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [start]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!pdf || !canvas) return;
    let task: { cancel(): void; promise: Promise<void> } | undefined;
    let cancelled = false;
    void pdf
      .getPage(Math.min(Math.max(1, page), pdf.numPages))
      .then((p) => {
        if (cancelled) return;
        const natural = p.getViewport({ scale: 1 });
        onPageSize?.(natural.width, natural.height);
        const ratio = window.devicePixelRatio || 1;
        const viewport = p.getViewport({ scale: zoom * ratio });
        const cssWidth = `${viewport.width / ratio}px`;
        const cssHeight = `${viewport.height / ratio}px`;
        // Nothing drawn yet: the canvas takes the page's size at once (a placeholder, not a 300×150 box).
        if (!canvas.dataset['drawn']) {
          canvas.style.width = cssWidth;
          canvas.style.height = cssHeight;
        }
        // Drawn off screen and copied over in one go: the shown page stays until the next one is ready,
        // so paging and zooming never flash a blank canvas (setting a canvas's size clears it).
        const offscreen = document.createElement('canvas');
        offscreen.width = viewport.width;
        offscreen.height = viewport.height;
        task = p.render({ canvas: offscreen, viewport });
        task.promise.then(
          () => {
            if (cancelled) return;
            canvas.width = offscreen.width;
            canvas.height = offscreen.height;
            canvas.style.width = cssWidth;
            canvas.style.height = cssHeight;
            canvas.getContext('2d')?.drawImage(offscreen, 0, 0);
            canvas.dataset['drawn'] = 'true';
            setDrawn(true);
          },
          () => undefined,
        );
      })
      // The document was closed for another one while its page was asked for: nothing to draw.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      task?.cancel();
    };
    // onPageSize is a stable callback from the parent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pdf, page, zoom]);

  useEffect(() => {
    const container = textRef.current;
    if (!pdf || !container) return;
    container.replaceChildren();
    if (!textLayer) return;
    let layer: InstanceType<typeof Pdfjs.TextLayer> | undefined;
    let cancelled = false;
    void Promise.all([loadPdfjs(), pdf.getPage(Math.min(Math.max(1, page), pdf.numPages))])
      .then(([pdfjs, p]) => {
        if (cancelled) return undefined;
        // The layer's CSS sizes the page and its fonts by this factor (pdf.js's viewer sets it the same way).
        container.style.setProperty('--total-scale-factor', String(zoom));
        layer = new pdfjs.TextLayer({
          textContentSource: p.streamTextContent(),
          container,
          viewport: p.getViewport({ scale: zoom }),
        });
        return layer.render();
      })
      // A page without text, or one left before its text came: no layer, the page is still shown.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      layer?.cancel();
    };
  }, [pdf, page, zoom, textLayer]);

  return (
    <>
      <canvas
        ref={canvasRef}
        className={`pdf-canvas ${drawn ? '' : 'is-pending'}`}
        role="img"
        aria-label={t('preview.pageOf', { page, pages: pdf?.numPages ?? 1 })}
        data-testid="pdf-canvas"
      />
      <div ref={textRef} className="textLayer" data-testid={textLayer ? 'text-layer' : undefined} data-source="pdf" />
    </>
  );
}
