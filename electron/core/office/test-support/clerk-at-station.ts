/**
 * A station of an office in a process of its own, as the app puts it together (its membership, heartbeat and
 * pipeline), whose clerk opens one document and tags it, then keeps it open until the process is killed:
 * what office-holds-pipeline.test.ts kills -9 (issue #50 item 3: "kill -9 of a station while its clerk holds
 * a document"). Prints one line, `holding`, once the take and the tag are committed.
 *   node --import tsx clerk-at-station.ts --url URL --dir DIR --document ID --clerk NAME --station NAME
 *     --lapse SECONDS --metadata JSON
 */
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { EventBus } from '../../events/event-bus';
import { createIntakePipeline } from '../../intake-pipeline';
import { acceptingUploader } from '../../intake/test-support/hot-folder-suite';
import { createDefaultSettings } from '../../settings/default-settings';
import { systemClock } from '../../util/clock';
import { silentLogger } from '../../util/logger';
import { OfficeMembership } from '../office-membership';
import { officeAddress } from './office-fixture';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    dir: { type: 'string' },
    document: { type: 'string' },
    clerk: { type: 'string' },
    station: { type: 'string' },
    lapse: { type: 'string' },
    metadata: { type: 'string' },
  },
});
const need = (name: keyof typeof values): string => {
  const v = values[name];
  if (!v) throw new Error(`--${name} is needed`);
  return v;
};

const membership = await OfficeMembership.start({
  address: officeAddress(need('url')),
  dataDir: join(need('dir'), 'data'),
  name: need('station'),
  lapseSeconds: Number(need('lapse')),
  logger: silentLogger,
  retry: { firstMs: 100, maxMs: 500 },
});
const pipeline = await createIntakePipeline({
  dataDir: join(need('dir'), 'data'),
  settings: createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' }),
  uploader: acceptingUploader(),
  bus: new EventBus(),
  clock: systemClock,
  logger: silentLogger,
  office: { db: membership.db, station: membership.station, joined: membership.joined, clerk: need('clerk') },
});
await pipeline.start();
await membership.joined;
const id = need('document');
const answer = await pipeline.holds.take(id);
if (answer.outcome !== 'taken') throw new Error(`not taken: ${JSON.stringify(answer)}`);
await pipeline.queue.tag([id], JSON.parse(need('metadata')) as Record<string, string>);
process.stdout.write('holding\n');
// Open until killed: the heartbeat beats on, nothing else happens.
setInterval(() => undefined, 60_000);
