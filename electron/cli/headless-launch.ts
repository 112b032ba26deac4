/**
 * `Intake Desk [Chromium switches] --headless [agent command and flags]` runs the headless agent inside
 * the installed app: no window, no tray. Everything after `--headless` belongs to the agent, exactly as
 * `intake-agent` takes it; Chromium switches (e.g. `--ozone-platform=headless` on a Linux server without a
 * display) go before it, so the agent's strict flag parser never sees them.
 */
export const HEADLESS_FLAG = '--headless';

/** The agent's argv when this start asks for headless, else undefined (the window starts). */
export function headlessAgentArgs(argv: readonly string[]): string[] | undefined {
  // argv[0] is the executable; in development argv[1] is the app folder, which comes before the flag.
  const at = argv.indexOf(HEADLESS_FLAG, 1);
  if (at < 0) return undefined;
  // A `--` terminator before the flag means "files follow" (Send to): then it is a file name, not a mode.
  const terminator = argv.indexOf('--', 1);
  if (terminator >= 0 && terminator < at) return undefined;
  return argv.slice(at + 1);
}
