import { Fragment, useEffect, useMemo, useRef } from 'react';
import type { PageWord } from '../../../shared/domain/page-words';

/** The font the layer's words are set in and measured with; invisible, only its widths matter. */
const FONT = 'sans-serif';
const MEASURE_PX = 100;

let measureContext: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();
/** The width of the text at MEASURE_PX (0 where there is no canvas to measure with). */
function widthAt100(text: string): number {
  let w = widths.get(text);
  if (w !== undefined) return w;
  measureContext ??= document.createElement('canvas').getContext('2d');
  if (!measureContext) return 0;
  measureContext.font = `${MEASURE_PX}px ${FONT}`;
  w = measureContext.measureText(text).width;
  if (widths.size > 20_000) widths.clear();
  widths.set(text, w);
  return w;
}

/**
 * The words OCR read from a scanned page as transparent, selectable text over the page's image (issue
 * #39 item 7), as pdf.js lays a born-digital page's text layer: each word at its place, in a font as
 * high as its line and stretched to its width, so a selection drawn over the image takes those words and
 * Ctrl+C copies them (a space between words, a line break after each line). A turned page (`rotation`:
 * the quarter turn that makes it upright) has its words turned the other way, as they lie on it.
 */
export function WordLayer(props: {
  words: readonly PageWord[];
  rotation: number;
  /** The page as drawn, in CSS pixels. */
  width: number;
  height: number;
  /** The words shown over the image ("Show text"), not only selectable. */
  shown: boolean;
}) {
  const { words, rotation, width, height, shown } = props;
  const lines = useMemo(() => {
    const byLine = new Map<number, PageWord[]>();
    for (const w of words) {
      const line = byLine.get(w.line);
      if (line) line.push(w);
      else byLine.set(w.line, [w]);
    }
    return [...byLine.values()];
  }, [words]);
  const sideways = rotation === 90 || rotation === 270;
  return (
    <div className={shown ? 'word-layer shown' : 'word-layer'} data-testid="text-layer" data-source="ocr">
      {lines.map((line, l) => {
        // One font size per line (as high as its highest word): a word without ascenders is not set smaller.
        const thickness = Math.max(...line.map((w) => (sideways ? w.box.w * width : w.box.h * height)));
        const fontPx = Math.max(1, thickness * 0.9);
        return (
          <Fragment key={l}>
            {line.map((w, i) => {
              const length = sideways ? w.box.h * height : w.box.w * width;
              const natural = (widthAt100(w.text) * fontPx) / MEASURE_PX;
              const stretch = natural > 0 ? length / natural : 1;
              return (
                <Fragment key={i}>
                  <span
                    style={{
                      left: `${(w.box.x + w.box.w / 2) * 100}%`,
                      top: `${(w.box.y + w.box.h / 2) * 100}%`,
                      fontSize: `${fontPx}px`,
                      transform: `translate(-50%, -50%) rotate(${-rotation}deg) scaleX(${stretch})`,
                    }}
                  >
                    {w.text}
                  </span>
                  {i < line.length - 1 ? ' ' : null}
                </Fragment>
              );
            })}
            <br />
          </Fragment>
        );
      })}
    </div>
  );
}

/** The places find marks on the shown page; the current match stands out and is scrolled into view. */
export function FindMarks(props: {
  marks: readonly { boxes: readonly { x: number; y: number; w: number; h: number }[]; current: boolean }[];
  /** Changes when another match becomes the current one (or the same one is asked for again). */
  currentKey: string;
}) {
  const currentRef = useRef<HTMLDivElement>(null);
  // Only a new current match scrolls the page, not every drawing of the preview.
  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [props.currentKey]);
  return (
    <div className="find-marks" aria-hidden="true">
      {props.marks.flatMap((m, i) =>
        m.boxes.map((b, j) => (
          <div
            key={`${i}:${j}`}
            ref={m.current && j === 0 ? currentRef : undefined}
            className={m.current ? 'find-mark current' : 'find-mark'}
            data-testid={m.current ? 'find-mark-current' : 'find-mark'}
            style={{ left: `${b.x * 100}%`, top: `${b.y * 100}%`, width: `${b.w * 100}%`, height: `${b.h * 100}%` }}
          />
        )),
      )}
    </div>
  );
}
