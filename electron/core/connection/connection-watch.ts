/**
 * Looks at the platform now and then while the station is idle (issue #48 item 10: with nothing queued, no
 * request told the app that the platform refused connections, and the status bar went on saying "Online ·
 * Signed in"). One look at a time, the next one `everyMs` after the last ended; a look is the session's
 * reachability probe, which reports into the ConnectionMonitor (a HEAD request, any HTTP answer counts).
 */
export class ConnectionWatch {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly probe: () => Promise<unknown>,
    private readonly everyMs: number,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.probe()
        .catch(() => undefined)
        .finally(() => this.schedule());
    }, this.everyMs);
    // The watch never keeps a process alive that has nothing else to do.
    this.timer.unref?.();
  }
}

/** How often an idle station looks at the platform: a change shows in the status bar within this. */
export const CONNECTION_WATCH_MS = 15_000;
