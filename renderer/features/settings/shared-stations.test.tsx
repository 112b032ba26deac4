import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LocaleProvider, translate } from '../../i18n/i18n';
import { SharedStations } from './shared-stations';

const stations = [
  { station: 'pc-empfang-3f9a01', host: 'PC-EMPFANG', version: '1.4.0', lastBeat: '2026-11-26T09:15:20.000Z' },
  { station: 'agent-keller-0b1c2d', host: 'keller', version: '1.4.0', lastBeat: '2026-11-20T17:02:00.000Z' },
];

describe('SharedStations (#28: Settings lists the stations with their last heartbeat)', () => {
  it('names each station and host with its last heartbeat, in English and German', () => {
    const now = new Date('2026-11-26T09:16:00.000Z');
    const en = renderToStaticMarkup(
      <LocaleProvider value="en">
        <SharedStations stations={stations} now={now} />
      </LocaleProvider>,
    );
    expect(en).toContain('pc-empfang-3f9a01 on PC-EMPFANG, last heartbeat');
    expect(en).toContain('agent-keller-0b1c2d on keller, last heartbeat');
    expect(en).toContain('2026'); // gone since another day: with its date
    const de = renderToStaticMarkup(
      <LocaleProvider value="de">
        <SharedStations stations={stations} now={now} />
      </LocaleProvider>,
    );
    expect(de).toContain('pc-empfang-3f9a01 auf PC-EMPFANG, letztes Lebenszeichen');
  });

  it('the folder says it is shared, with the number of stations', () => {
    expect(translate('en', 'settings.folder.shared', { count: 3 })).toBe('shared · 3 stations');
    expect(translate('en', 'settings.folder.shared', { count: 1 })).toBe('shared · 1 station');
    expect(translate('de', 'settings.folder.shared', { count: 3 })).toBe('geteilt · 3 Stationen');
  });

  it('a folder taken in place says why, in English and German (#37)', () => {
    for (const reason of ['opted_out', 'read_only', 'not_a_folder'] as const) {
      expect(translate('en', `settings.folder.inPlace.${reason}`)).toMatch(/^Files are taken in place/);
      expect(translate('de', `settings.folder.inPlace.${reason}`)).toMatch(/^Dateien werden direkt übernommen/);
    }
    expect(translate('en', 'settings.folder.inPlace.read_only')).toContain('write access');
    expect(translate('de', 'settings.folder.inPlace.read_only')).toContain('Schreibrechte');
  });
});
