import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/** Bad flags or settings (exit 2). `code` names the kind for a service's stopped state (agent-stop-reason.ts). */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly code = 'agent.usage',
  ) {
    super(message);
  }
}

/** argv (without node and script) by `options`, strict, with positionals; a wrong flag is a UsageError. */
export function parseCliArgs<O extends ParseArgsOptionsConfig>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, strict: true, options });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** A flag's whole number from `min` to `max`; `fallback` when it is not given, else a UsageError. */
export function wholeNumberFlag(flag: string, raw: string | undefined, min: number, max: number): number | undefined;
export function wholeNumberFlag(
  flag: string,
  raw: string | undefined,
  min: number,
  max: number,
  fallback: number,
): number;
export function wholeNumberFlag(
  flag: string,
  raw: string | undefined,
  min: number,
  max: number,
  fallback?: number,
): number | undefined {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}`);
  return n;
}
