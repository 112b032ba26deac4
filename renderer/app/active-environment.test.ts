import { describe, expect, it } from 'vitest';
import { activeEnvironmentView, environmentLabel } from './active-environment';

const env = (id: string, kind: 'local-sandbox' | 'sandbox' | 'production', name: string) => ({ id, kind, name });

describe('the status bar environment', () => {
  it('follows the saved settings, not app.info read at start', () => {
    const info = { environment: env('local-sandbox', 'local-sandbox', 'Local sandbox') };
    const settings = {
      activeEnvironmentId: 'prod',
      environments: [
        { ...env('local-sandbox', 'local-sandbox', 'Local sandbox') },
        { ...env('prod', 'production', 'Allianz Nord') },
      ],
    } as Parameters<typeof activeEnvironmentView>[0];
    expect(activeEnvironmentView(settings, info)).toEqual(env('prod', 'production', 'Allianz Nord'));
    expect(activeEnvironmentView(undefined, info)).toEqual(info.environment);
  });

  it('names the kind once: no "Lokale Sandbox · Local sandbox"; an own name is added', () => {
    expect(environmentLabel('de', env('l', 'local-sandbox', 'Local sandbox'))).toBe('Lokale Sandbox');
    expect(environmentLabel('en', env('l', 'local-sandbox', 'Local sandbox'))).toBe('Local sandbox');
    expect(environmentLabel('en', env('s', 'sandbox', 'Sandbox'))).toBe('Sandbox');
    expect(environmentLabel('en', env('p', 'production', 'Allianz Nord'))).toBe('PRODUCTION · Allianz Nord');
    expect(environmentLabel('de', env('p', 'production', 'Production'))).toMatch(/^PRODUKTION/);
  });
});
