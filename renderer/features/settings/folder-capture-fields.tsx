import { DEFAULT_CAPTURE_PROFILE } from '../../../shared/domain/capture';
import type { CaptureProfile } from '../../../shared/domain/capture';
import type { FolderProfile } from '../../../shared/domain/settings';
import { useCatalog } from '../../i18n/i18n';
import { captureSettingsMessages } from './capture-settings-messages';
import { SettingsCheck } from './settings-check';
import { SettingsField } from './settings-field';
import { SettingsText } from './settings-text';

const BLANK_MODES = ['keep', 'drop', 'flag'] as const;

/** A folder's capture settings: off, or how a scanned batch is split (docs/capture.md). */
export function FolderCaptureFields(props: {
  folder: FolderProfile;
  index: number;
  set: (patch: Partial<FolderProfile>) => void;
}) {
  const t = useCatalog(captureSettingsMessages);
  const { folder, index: i, set } = props;
  const capture = folder.capture;
  const change = (patch: Partial<CaptureProfile>) => capture && set({ capture: { ...capture, ...patch } });
  const path = (field: string) => `folders.${i}.capture.${field}`;
  return (
    <fieldset className="check-group folder-capture" data-testid="folder-capture">
      <legend>
        <SettingsCheck
          checked={!!capture}
          onChange={(on) => set({ capture: on ? { ...DEFAULT_CAPTURE_PROFILE } : undefined })}
        >
          {t('capture.on')}
        </SettingsCheck>
      </legend>
      <p className="muted">{t('capture.onHint')}</p>
      {capture && (
        <>
          <SettingsText
            path={path('separatorValue')}
            label={t('capture.separatorValue')}
            hint={t('capture.separatorValueHint')}
            value={capture.separatorValue}
            onChange={(separatorValue) => change({ separatorValue })}
          />
          <SettingsText
            path={path('separatorPattern')}
            label={t('capture.separatorPattern')}
            hint={t('capture.separatorPatternHint')}
            value={capture.separatorPattern ?? ''}
            onChange={(p) => change({ separatorPattern: p || undefined })}
          />
          <SettingsText
            path={path('metadataPattern')}
            label={t('capture.metadataPattern')}
            hint={t('capture.metadataPatternHint')}
            value={capture.metadataPattern ?? ''}
            onChange={(p) => change({ metadataPattern: p || undefined })}
          />
          <SettingsField path={path('blankPages')} label={t('capture.blankPages')}>
            {(a) => (
              <select
                {...a}
                value={capture.blankPages}
                onChange={(e) => change({ blankPages: e.target.value as CaptureProfile['blankPages'] })}
              >
                {BLANK_MODES.map((m) => (
                  <option key={m} value={m}>
                    {t(`capture.blank.${m}`)}
                  </option>
                ))}
              </select>
            )}
          </SettingsField>
          <SettingsCheck checked={capture.review} onChange={(review) => change({ review })}>
            {t('capture.review')}
          </SettingsCheck>
        </>
      )}
    </fieldset>
  );
}
