import { useEffect, useState } from 'react';
import type { FolderInspection } from '../../../shared/domain/folders';
import { useAppStore } from '../../app/store';
import { useT } from '../../i18n/i18n';
import { intake } from '../../ipc/client';
import { SettingsField } from './settings-field';
import { SharedStations } from './shared-stations';

/** How often the folder is looked at again while Settings is open: a share can go and come back. */
const RECHECK_MS = 5_000;

/**
 * A watched folder's path, with what is there said at the field: found, missing (a share not mounted, a
 * typo), not a folder, not readable. In the desktop app, "Browse…" opens the OS's folder dialog; a browser
 * cannot pick a folder on the station, so the web shell checks the typed path instead.
 */
export function FolderPathField(props: {
  path: string;
  label: string;
  value: string;
  /** The profile says `shared: false`: its files are taken in place. */
  optedOut?: boolean;
  onChange(v: string): void;
}) {
  const t = useT();
  const electron = useAppStore((s) => s.info?.shell === 'electron');
  const [seen, setSeen] = useState<FolderInspection & { asked: string }>();
  const value = props.value.trim();
  useEffect(() => {
    if (!value) return;
    let live = true;
    const look = () =>
      void intake()
        .call('folders.inspect', { path: value })
        .then((r) => live && setSeen({ ...r, asked: value }))
        .catch(() => undefined);
    // Typing: ask once the clerk pauses, not on every key.
    const first = setTimeout(look, 300);
    const again = setInterval(look, RECHECK_MS);
    return () => {
      live = false;
      clearTimeout(first);
      clearInterval(again);
    };
  }, [value]);
  const state = value && seen?.asked === value ? seen.state : undefined;
  const stations = state && seen?.shared?.stations;
  // Files are claimed (the default) unless the admin opted out or the folder cannot take `.intake/`; a folder
  // another station made shared is claimed from even when opted out.
  const inPlace = state === 'folder' && !stations ? (props.optedOut ? 'opted_out' : seen?.inPlace) : undefined;
  const hint = state && (
    <span className={`folder-state folder-${state}`} data-testid="folder-state" data-state={state}>
      {t(`settings.folder.state.${state}`)}
      {stations && (
        <span data-testid="folder-shared"> · {t('settings.folder.shared', { count: stations.length })}</span>
      )}
      {inPlace && (
        <span data-testid="folder-in-place" data-reason={inPlace}>
          {' '}
          · {t(`settings.folder.inPlace.${inPlace}`)}
        </span>
      )}
    </span>
  );
  return (
    <div className="folder-path">
      <SettingsField path={props.path} label={props.label} hint={hint}>
        {(a) => (
          <div className="input-with-button">
            <input {...a} value={props.value} onChange={(e) => props.onChange(e.target.value)} />
            {electron && (
              <button
                type="button"
                className="button button-small"
                onClick={() =>
                  void intake()
                    .call('folders.choose', value ? { defaultPath: value } : {})
                    .then((r) => r.path && props.onChange(r.path))
                    .catch(() => undefined)
                }
              >
                {t('settings.folder.browse')}
              </button>
            )}
          </div>
        )}
      </SettingsField>
      {stations && stations.length > 0 && <SharedStations stations={stations} />}
    </div>
  );
}
