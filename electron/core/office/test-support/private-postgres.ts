// The tests' private PostgreSQL cluster lives beside the office's code (the office demo starts one too).
export * from '../private-postgres';
