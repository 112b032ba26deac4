/**
 * Structured logging: one JSON line per entry. Fields named like secrets are redacted, so a token or a
 * client secret cannot reach a log by accident.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

const SECRET_KEY = /secret|password|token|assertion|private|authorization/i;
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[…]';
  if (value instanceof Error) {
    return {
      name: value.name,
      message: value.message,
      ...('code' in value ? { code: (value as { code: unknown }).code } : {}),
    };
  }
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1);
    return out;
  }
  return value;
}

/** One entry as it is written: time, level, message and the redacted fields. */
export type LogEntry = { time: string; level: LogLevel; message: string } & LogFields;

/** Takes each entry as its JSON line, and as the entry itself for sinks that render it otherwise. */
export type LogWriter = (line: string, entry: LogEntry) => void;

export class JsonLineLogger implements Logger {
  constructor(
    private readonly write: LogWriter,
    private readonly minLevel: LogLevel = 'info',
    private readonly base: LogFields = {},
    private readonly now: () => Date = () => new Date(),
  ) {}

  private log(level: LogLevel, message: string, fields?: LogFields): void {
    if (ORDER[level] < ORDER[this.minLevel]) return;
    const entry = {
      time: this.now().toISOString(),
      level,
      message,
      ...(redact({ ...this.base, ...fields }) as LogFields),
    } as LogEntry;
    this.write(JSON.stringify(entry), entry);
  }
  debug(m: string, f?: LogFields): void {
    this.log('debug', m, f);
  }
  info(m: string, f?: LogFields): void {
    this.log('info', m, f);
  }
  warn(m: string, f?: LogFields): void {
    this.log('warn', m, f);
  }
  error(m: string, f?: LogFields): void {
    this.log('error', m, f);
  }
  child(fields: LogFields): Logger {
    return new JsonLineLogger(this.write, this.minLevel, { ...this.base, ...fields }, this.now);
  }
}

export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child() {
    return silentLogger;
  },
};
