import { useEffect, useState } from 'react';
import { useAppStore } from './store';

/** Files dropped anywhere on the window are imported; returns whether a drag is over the window. */
export function useFileDrop(): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => !!e.dataTransfer && [...e.dataTransfer.types].includes('Files');
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setOver(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const overHandler = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      const files = [...(e.dataTransfer?.files ?? [])];
      void (async () => {
        // The files go to the shell as they are: never read into the page's memory.
        const s = useAppStore.getState();
        const errors = await s.importFiles(files);
        for (const error of errors) {
          s.raiseNotice({
            id: `import-${Date.now()}`,
            level: 'error',
            code: 'import.failed',
            values: { file: error.fields?.['fileName'] ?? '', errorCode: error.code, reason: error.message },
            count: 1,
            at: new Date().toISOString(),
          });
        }
      })();
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overHandler);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overHandler);
      window.removeEventListener('drop', drop);
    };
  }, []);
  return over;
}
