import { IntakeError } from '../errors';

/** The IntakeError a promise rejects with; fails the test if it resolves or rejects with anything else. */
export async function rejection(p: Promise<unknown>): Promise<IntakeError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof IntakeError) return e;
    throw e;
  }
  throw new Error('expected an IntakeError');
}
