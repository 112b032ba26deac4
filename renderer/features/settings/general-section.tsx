import type { Settings } from '../../../shared/domain/settings';
import { sendGraceSeconds } from '../../../shared/domain/settings';
import { useT } from '../../i18n/i18n';
import { SettingsField } from './settings-field';
import type { EditSettings } from './settings-model';
import { SettingsText } from './settings-text';

/** Language, upload concurrency, what happens to a file after its upload, and the metrics port for IT. */
export function GeneralSection(props: { draft: Settings; edit: EditSettings }) {
  const t = useT();
  const { draft, edit } = props;
  return (
    <section className="settings-section grid-2" aria-labelledby="general-title">
      <h3 id="general-title" className="span-2">
        {t('settings.general')}
      </h3>
      <SettingsField path="locale" label={t('settings.language')}>
        {(a) => (
          <select
            {...a}
            value={draft.locale}
            onChange={(e) => edit((d) => ({ ...d, locale: e.target.value as Settings['locale'] }))}
            data-testid="language"
          >
            <option value="en">English</option>
            <option value="de">Deutsch</option>
          </select>
        )}
      </SettingsField>
      <SettingsField path="theme" label={t('settings.theme')}>
        {(a) => (
          <select
            {...a}
            value={draft.theme ?? 'system'}
            onChange={(e) => edit((d) => ({ ...d, theme: e.target.value as Settings['theme'] }))}
            data-testid="theme"
          >
            <option value="system">{t('settings.theme.system')}</option>
            <option value="light">{t('settings.theme.light')}</option>
            <option value="dark">{t('settings.theme.dark')}</option>
          </select>
        )}
      </SettingsField>
      <SettingsField path="upload.concurrency" label={t('settings.concurrency')}>
        {(a) => (
          <input
            {...a}
            type="number"
            min={1}
            max={8}
            value={draft.upload.concurrency}
            onChange={(e) => edit((d) => ({ ...d, upload: { ...d.upload, concurrency: Number(e.target.value) } }))}
          />
        )}
      </SettingsField>
      <SettingsField path="upload.graceSeconds" label={t('settings.grace')}>
        {(a) => (
          <input
            {...a}
            type="number"
            min={0}
            max={60}
            data-testid="send-grace"
            value={sendGraceSeconds(draft)}
            onChange={(e) => edit((d) => ({ ...d, upload: { ...d.upload, graceSeconds: Number(e.target.value) } }))}
          />
        )}
      </SettingsField>
      <SettingsField path="archive.mode" label={t('settings.archive.mode')}>
        {(a) => (
          <select
            {...a}
            value={draft.archive.mode}
            onChange={(e) =>
              edit((d) => ({ ...d, archive: { ...d.archive, mode: e.target.value as Settings['archive']['mode'] } }))
            }
          >
            <option value="move">{t('settings.archive.move')}</option>
            <option value="delete">{t('settings.archive.delete')}</option>
          </select>
        )}
      </SettingsField>
      <SettingsText
        path="archive.folder"
        label={t('settings.archive.folder')}
        value={draft.archive.folder ?? ''}
        disabled={draft.archive.mode !== 'move'}
        onChange={(folder) => edit((d) => ({ ...d, archive: { ...d.archive, folder: folder || undefined } }))}
      />
      <SettingsField
        path="archive.retentionDays"
        label={t('settings.archive.retention')}
        hint={t('settings.archive.retentionHint')}
      >
        {(a) => (
          <input
            {...a}
            type="number"
            min={0}
            value={draft.archive.retentionDays}
            onChange={(e) => edit((d) => ({ ...d, archive: { ...d.archive, retentionDays: Number(e.target.value) } }))}
          />
        )}
      </SettingsField>
      <SettingsField
        path="monitoring.metricsPort"
        label={t('settings.metricsPort')}
        hint={t('settings.metricsPortHint')}
      >
        {(a) => (
          <input
            {...a}
            type="number"
            min={1024}
            max={65535}
            placeholder="9464"
            data-testid="metrics-port"
            value={draft.monitoring?.metricsPort ?? ''}
            onChange={(e) =>
              edit((d) => ({
                ...d,
                monitoring: e.target.value === '' ? {} : { metricsPort: Number(e.target.value) },
              }))
            }
          />
        )}
      </SettingsField>
    </section>
  );
}
