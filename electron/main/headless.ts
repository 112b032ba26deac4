import { app } from 'electron';

/**
 * `Intake Desk --headless …`: the same agent as `intake-agent`, in this process, with no window and no
 * tray; same flags, exit codes and logs. Stations get the app, not Node, so this is how a service runs it.
 */
export async function runHeadless(agentArgv: string[]): Promise<void> {
  app.disableHardwareAcceleration();
  app.dock?.hide();
  // Loaded only here: a window start does not pay for the agent's module.
  const { main } = await import('../cli/agent');
  const code = await main(agentArgv, process.env).catch((e: unknown) => {
    process.stderr.write(`intake-agent: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  });
  app.exit(code);
}
