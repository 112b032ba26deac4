import { describe, expect, it } from 'vitest';
import { IntakeError } from '../core/errors';
import type { InboxUploadRequest } from '../core/queue/inbox-uploader';
import { UnreachableBudget } from './agent-reachability';

const request = {} as InboxUploadRequest;
const unreachable = new IntakeError('unreachable', 'auth.token_endpoint_unreachable', 'token endpoint down');

function uploader(outcomes: Array<'ok' | IntakeError>) {
  return {
    uploadToInbox: async () => {
      const next = outcomes.shift();
      if (next instanceof IntakeError) throw next;
      return { success: true as const, errors: [] } as never;
    },
  };
}

describe('UnreachableBudget', () => {
  it('gives up after N attempts in a row reach nothing; a probe that answers does not reset the count', async () => {
    const budget = new UnreachableBudget(3, 'https://platform.example');
    const up = budget.uploader(uploader([unreachable, unreachable, unreachable]));
    const probe = budget.probe(async () => true);
    await expect(up.uploadToInbox(request)).rejects.toBe(unreachable);
    await probe();
    await expect(up.uploadToInbox(request)).rejects.toBe(unreachable);
    expect(budget.exhausted).toBeUndefined();
    await probe();
    await expect(up.uploadToInbox(request)).rejects.toBe(unreachable);
    expect(budget.exhausted).toEqual({ code: 'auth.token_endpoint_unreachable', message: 'token endpoint down' });
  });

  it('failed probes count, and any answer from the platform starts the count again', async () => {
    const budget = new UnreachableBudget(2, 'https://platform.example');
    const probe = budget.probe(async () => false);
    await probe();
    const rejected = new IntakeError('validation', 'platform.validation', 'no');
    await expect(budget.uploader(uploader([rejected])).uploadToInbox(request)).rejects.toBe(rejected);
    expect(budget.tries).toBe(0);
    await probe();
    await probe();
    expect(budget.exhausted?.code).toBe('network.platform_unreachable');
    expect(budget.exhausted?.message).toContain('https://platform.example');
  });

  it('without --once there is no limit', async () => {
    const budget = new UnreachableBudget(Infinity, 'https://platform.example');
    const probe = budget.probe(async () => false);
    for (let i = 0; i < 50; i++) await probe();
    expect(budget.exhausted).toBeUndefined();
  });
});
