import type pg from 'pg';

/** A connection of the office database's pool, inside a transaction (OfficeDatabase.transaction). */
export type OfficeClient = Pick<pg.PoolClient, 'query'>;
