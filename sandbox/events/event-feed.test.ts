import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseEventFeedPageSchema, KNOWN_CHANGE_PROPERTIES } from '../../shared/platform/events';
import { jsonPost, startHarness, type SandboxHarness } from '../test-support/sandbox-harness';

let h: SandboxHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
  // The restart test hands the folder to a second harness, which does not own it: removed here.
  rmSync(h.dataDir, { recursive: true, force: true });
});

const feed = async (query: string) =>
  CaseEventFeedPageSchema.parse(
    await (await h.api(`/api/case-events?${query}`, { token: await h.token('events') })).json(),
  );
const trigger = (caseNumber: string, body: unknown) => h.admin(`/cases/${caseNumber}/changes`, jsonPost(body));

describe('case-change event feed', () => {
  it('emits a valid event for every change kind, in order, with increasing cursors', async () => {
    for (const kind of [...KNOWN_CHANGE_PROPERTIES, 'Schadenhoehe']) {
      expect((await trigger('CLM-2026-000101', { kind })).status).toBe(201);
    }
    const page = await feed('after=0&limit=500');
    const properties = page.items.map((i) => i.event.changes[0]?.property);
    expect(properties).toEqual([...KNOWN_CHANGE_PROPERTIES, 'Schadenhoehe']);
    expect(page.items.map((i) => Number(i.cursor))).toEqual(page.items.map((_, n) => n + 1));
    expect(page.items[0]?.event.case).toMatchObject({ number: 'CLM-2026-000101', caseType: 'Property' });
    expect(page.nextCursor).toBe(page.items.at(-1)?.cursor);
  });

  it('pages with after/limit and returns the same cursor when nothing is new', async () => {
    const first = await feed('after=0&limit=2');
    expect(first.items).toHaveLength(2);
    const next = await feed(`after=${first.nextCursor}&limit=2`);
    expect(next.items[0]?.cursor).toBe('3');
    const all = await feed('after=0&limit=500');
    const end = await feed(`after=${all.nextCursor}`);
    expect(end).toEqual({ items: [], nextCursor: all.nextCursor });
  });

  it('records CaseCreated when a case is created and closing state on CaseClosed', async () => {
    const created = (await (
      await h.api(
        '/de/demo-insurance/v1/case',
        jsonPost({
          policyNumber: 'HR-100001',
          accidentDate: '2026-01-12',
          caseType: 'Property',
          claimant: { firstName: 'A', lastName: 'B' },
          damageAddress: { street: 's', postalCode: '12345', city: 'c' },
        }),
      )
    ).json()) as { caseNumber: string; claimId: string };
    const all = await feed('after=0&limit=500');
    expect(all.items.at(-1)?.event).toMatchObject({ eventType: 'CaseCreated', case: { number: created.caseNumber } });
    await trigger(created.caseNumber, { kind: 'CaseClosed' });
    const info = (await (await h.api(`/api/claims/${created.claimId}/details/information`)).json()) as {
      generalInfo: { title: string; value: string }[];
    };
    expect(info.generalInfo).toContainEqual({ title: 'Status', value: 'Geschlossen' });
  });

  it('accepts explicit changes, validated with the shared schema', async () => {
    const ok = await trigger('CLM-2026-000102', {
      changes: [{ property: 'Regress', newValue: 'No', oldValue: 'Yes' }],
    });
    expect(ok.status).toBe(201);
    expect((await trigger('CLM-2026-000102', { changes: [{ property: 'Regress', newValue: 'Maybe' }] })).status).toBe(
      400,
    );
    expect((await trigger('CLM-0000-000000', { kind: 'Reserve' })).status).toBe(404);
  });

  it('needs the events scope and validates its query', async () => {
    expect((await h.api('/api/case-events', { token: await h.token('case_integration') })).status).toBe(403);
    expect((await h.api('/api/case-events?limit=0', { token: await h.token('events') })).status).toBe(400);
    expect((await h.api('/api/case-events?after=x', { token: await h.token('events') })).status).toBe(400);
  });

  it('keeps events across a restart', async () => {
    const before = await feed('after=0&limit=500');
    await h.sandbox.close();
    h = await startHarness({ dataDir: h.dataDir });
    const after = await feed('after=0&limit=500');
    expect(after.items).toEqual(before.items);
  });
});
