import type { LogEntry } from './logger';

/**
 * `--log-format text`: one line an admin reads in a terminal or journal, `time LEVEL message key=value …`.
 * Values with spaces or quotes are JSON-quoted, objects are JSON, so a line stays one line and can still be
 * split by a script. The log file stays JSON lines whatever the console shows.
 */
export function formatLogText(entry: LogEntry): string {
  const { time, level, message, ...fields } = entry;
  const parts = [time, level.toUpperCase().padEnd(5), oneLine(message)];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(`${key}=${textValue(value)}`);
  }
  return parts.join(' ');
}

/** Control characters (a newline in a file name or an error) as JSON escapes, so an entry is one line. */
const oneLine = (s: string) => s.replace(/\p{Cc}/gu, (c) => JSON.stringify(c).slice(1, -1));

function textValue(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=\p{Cc}]+$/u.test(value) ? value : JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value);
}
