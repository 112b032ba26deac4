// A station's process for share-semantics.test.ts: does one file-system step when told (its own process, so
// on a share its own mount and SMB session) and answers 'ok' or the error code.
import { open, rename } from 'node:fs/promises';

process.on('message', async ({ op, from, to }) => {
  try {
    if (op === 'rename') await rename(from, to);
    else await (await open(from, 'wx')).close();
    process.send?.('ok');
  } catch (e) {
    process.send?.(e.code ?? String(e));
  }
});
