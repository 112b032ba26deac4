// Writes the service definitions (systemd unit, launchd plist, Windows scheduled task) to resources/service/
// from electron/cli/service-definitions.ts. Run after changing that module: npm run service-files
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceFiles } from '../electron/cli/service-definitions';

const dir = join(import.meta.dirname, '..', 'resources', 'service');
mkdirSync(dir, { recursive: true });
for (const [name, content] of Object.entries(serviceFiles())) {
  writeFileSync(join(dir, name), content);
  console.log(`wrote resources/service/${name}`);
}
