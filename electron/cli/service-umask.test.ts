import { describe, expect, it } from 'vitest';
import { serviceFiles } from './service-definitions';

/** Documents are private to the agent's user (docs/security.md, "Private by default"). */
describe('systemd unit: private files', () => {
  it('sets UMask=0077 and a 0700 state directory (systemd-analyze security flagged the unit without them)', () => {
    const unit = serviceFiles()['intake-desk-agent.service'] ?? '';
    const service = unit.slice(unit.indexOf('[Service]'));
    expect(service).toMatch(/^UMask=0077$/m);
    expect(service).toMatch(/^StateDirectoryMode=0700$/m);
  });
});
