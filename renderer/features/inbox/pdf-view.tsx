import { useEffect, useRef, useState } from 'react';
import type * as Pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useT } from '../../i18n/i18n';

let pdfjsLoaded: Promise<typeof Pdfjs> | undefined;
/** pdf.js is loaded on first use, with its worker from our own origin (CSP: worker-src 'self' blob:). */
function loadPdfjs() {
  pdfjsLoaded ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    },
  );
  return pdfjsLoaded;
}

export function PdfView(props: {
  bytes: Uint8Array<ArrayBuffer>;
  zoom: number;
  page: number;
  onPages(count: number): void;
  onError(message: string): void;
}) {
  const t = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy>();
  const { bytes, zoom, page, onPages, onError } = props;

  useEffect(() => {
    let cancelled = false;
    let task: { destroy(): Promise<void> } | undefined;
    void loadPdfjs()
      .then((pdfjs) => {
        const loading = pdfjs.getDocument({ data: bytes.slice() });
        task = loading;
        return loading.promise;
      })
      .then((doc) => {
        if (cancelled) return;
        setPdf(doc);
        onPages(doc.numPages);
      })
      .catch((e: unknown) => !cancelled && onError(e instanceof Error ? e.message : String(e)));
    return () => {
      cancelled = true;
      // Destroying the loading task also frees the document and its worker port.
      void task?.destroy();
    };
    // onPages/onError are stable callbacks from the parent; reload only for new bytes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bytes]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!pdf || !canvas) return;
    let task: { cancel(): void; promise: Promise<void> } | undefined;
    let cancelled = false;
    void pdf.getPage(Math.min(Math.max(1, page), pdf.numPages)).then((p) => {
      if (cancelled) return;
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: zoom * ratio });
      canvas.width = viewport.width;
      canvas.height = viewport.height;
      canvas.style.width = `${viewport.width / ratio}px`;
      canvas.style.height = `${viewport.height / ratio}px`;
      task = p.render({ canvas, viewport });
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, page, zoom]);

  return (
    <canvas
      ref={canvasRef}
      className="pdf-canvas"
      role="img"
      aria-label={t('preview.pageOf', { page, pages: pdf?.numPages ?? 1 })}
      data-testid="pdf-canvas"
    />
  );
}
