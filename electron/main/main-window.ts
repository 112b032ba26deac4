import { BrowserWindow } from 'electron';
import { decideWindowClose } from '../core/shell/lifecycle-policy';
import { secureWindowOptions } from './window-options';

export interface MainWindowDeps {
  preloadPath: string;
  entryUrl: string;
  /** True once the user chose Quit (tray, menu, OS shutdown): closing then really closes. */
  isQuitting: () => boolean;
  trayAvailable: () => boolean;
  hintShown: () => boolean;
  /** The first close to the tray: tell the clerk uploads go on, and remember that we did. */
  onFirstHide: () => void;
}

/** The one window: created with the secure options, hidden to the tray on close, focused on a second start. */
export class MainWindow {
  private window: BrowserWindow | undefined;

  constructor(private readonly deps: MainWindowDeps) {}

  get contents() {
    return this.window && !this.window.isDestroyed() ? [this.window.webContents] : [];
  }

  async create(show: boolean): Promise<void> {
    const window = new BrowserWindow(secureWindowOptions(this.deps.preloadPath));
    this.window = window;
    if (show) window.once('ready-to-show', () => window.show());
    window.on('close', (event) => {
      const decision = decideWindowClose({
        quitting: this.deps.isQuitting(),
        trayAvailable: this.deps.trayAvailable(),
        hintShown: this.deps.hintShown(),
      });
      if (decision.action === 'close') return;
      event.preventDefault();
      window.hide();
      if (decision.showHint) this.deps.onFirstHide();
    });
    // A crashed page must not leave the clerk with a blank window; the queue in main never stopped.
    window.webContents.on('render-process-gone', (_event, details) => {
      if (details.reason !== 'clean-exit' && !window.isDestroyed()) window.webContents.reload();
    });
    window.on('closed', () => {
      this.window = undefined;
    });
    await window.loadURL(this.deps.entryUrl);
  }

  /** Shows and focuses the window, creating it again if it was destroyed. */
  async focus(): Promise<void> {
    if (!this.window || this.window.isDestroyed()) await this.create(true);
    const w = this.window;
    if (!w) return;
    if (w.isMinimized()) w.restore();
    w.show();
    w.focus();
  }
}
