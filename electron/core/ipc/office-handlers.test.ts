import { describe, expect, it } from 'vitest';
import { OfficeOverviewSchema } from '../../../shared/domain/office-status';
import { PostgresDocumentStorage } from '../office/postgres-document-storage';
import { arrive } from '../office/test-support/office-day';
import { officeDatabaseOf, officeSuite } from '../office/test-support/office-fixture';
import { freePort } from '../test-support/free-port';
import { createOfficeHandlers } from './office-handlers';

// office.status (issue #50 item 6) against a real PostgreSQL: the figures, or plainly why there are none.
const suite = officeSuite();

describe('office.status', () => {
  it('a station without an office database: none', async () => {
    expect(await createOfficeHandlers({})['office.status']({})).toEqual({ state: 'none' });
  });

  it("the office's figures, in the contract's shape", async () => {
    const url = await suite.server().createDatabase();
    const a = await suite.join(url, 'station-a');
    await arrive(new PostgresDocumentStorage(a.db, 'station-a', 'anna'), {
      folder: '/scans/claims',
      documentType: 'INV',
    });
    const answer = await createOfficeHandlers({ office: { db: a.db, lapseSeconds: 60 } })['office.status']({});
    expect(OfficeOverviewSchema.parse(answer)).toMatchObject({
      state: 'connected',
      database: url,
      status: {
        documents: { waiting: 1 },
        waitingByFolder: [{ folder: '/scans/claims', waiting: 1 }],
        waitingByType: [{ documentType: 'INV', waiting: 1 }],
        stations: [{ id: 'station-a', alive: true }],
      },
    });
  });

  it('nothing answers: unreachable, with the reason, not an error', async () => {
    const url = `postgres://postgres@127.0.0.1:${await freePort()}/office`;
    const { db } = officeDatabaseOf(url);
    try {
      const answer = await createOfficeHandlers({ office: { db, lapseSeconds: 60 } })['office.status']({});
      expect(OfficeOverviewSchema.parse(answer)).toEqual({
        state: 'unreachable',
        database: url,
        reason: expect.stringMatching(/ECONNREFUSED|refused/),
      });
    } finally {
      await db.close();
    }
  });

  it('the server says no (no such database): refused, with its reason', async () => {
    const url = suite.server().urlOf('no_such_office');
    const { db } = officeDatabaseOf(url);
    try {
      const answer = await createOfficeHandlers({ office: { db, lapseSeconds: 60 } })['office.status']({});
      expect(answer).toEqual({
        state: 'refused',
        database: url,
        reason: expect.stringContaining('no_such_office'),
      });
    } finally {
      await db.close();
    }
  });
});
