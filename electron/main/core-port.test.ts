import { describe, expect, it } from 'vitest';
import { IntakeError } from '../core/errors';
import { completeHandlerTable } from '../core/ipc/test-support/complete-handler-table';
import type { LogFields, Logger } from '../core/util/logger';
import { coreCaller } from './core-port';

function recordingLogger(lines: { message: string; fields?: LogFields }[]): Logger {
  const log = (message: string, fields?: LogFields) => lines.push({ message, fields });
  const logger: Logger = { debug: log, info: log, warn: log, error: log, child: () => logger };
  return logger;
}

describe('coreCaller', () => {
  it('returns the value of a wired channel, and undefined (logged) for a failure or an unwired one', async () => {
    const lines: { message: string; fields?: LogFields }[] = [];
    const call = coreCaller(
      completeHandlerTable({
        'queue.pause': async () => {
          throw new IntakeError('local', 'queue.closed', 'The queue is closed.');
        },
      }),
      recordingLogger(lines),
    );
    expect(await call('queue.pause', {})).toBeUndefined();
    expect(await call('queue.status', {})).toBeUndefined();
    expect(lines.map((l) => l.fields?.['code'])).toEqual(['queue.closed', 'app.unavailable']);

    const wired = coreCaller(
      completeHandlerTable({ 'app.info': async () => ({ name: 'Intake Desk' }) as never }),
      recordingLogger([]),
    );
    expect(await wired('app.info', {})).toEqual({ name: 'Intake Desk' });
  });
});
