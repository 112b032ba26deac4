/**
 * A storage contract's test body over a storage opened for it by the engine's factory, and closed after it,
 * passed or failed: one way for every port's contract (documents, batches, the clerk's commands, the edits).
 */
export function openedForTest<S extends { close(): Promise<void> }>(
  open: () => Promise<S>,
): (test: (s: S) => Promise<void>) => () => Promise<void> {
  return (test) => async () => {
    const s = await open();
    try {
      await test(s);
    } finally {
      await s.close();
    }
  };
}
