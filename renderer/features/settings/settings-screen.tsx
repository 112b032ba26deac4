import type { Settings } from '../../../shared/domain/settings';
import { ErrorBanner } from '../../components/error-banner';
import { useAppStore } from '../../app/store';
import { useT } from '../../i18n/i18n';
import { CredentialsSection } from './credentials-section';
import { DocumentTypesSection } from './document-types-section';
import { EnvironmentsSection } from './environments-section';
import { FoldersSection } from './folders-section';
import { GeneralSection } from './general-section';
import { OcrSection } from './ocr-section';
import { OfficeSection } from './office-section';

/** The draft of the settings, edited section by section and saved as a whole; the credentials go their own way. */
export function SettingsScreen() {
  const t = useT();
  const draft = useAppStore((s) => s.settingsDraft);
  const saved = useAppStore((s) => s.settings);
  const error = useAppStore((s) => s.settingsError);
  const saving = useAppStore((s) => s.settingsSaving);
  const savedAt = useAppStore((s) => s.settingsSavedAt);
  const editingId = useAppStore((s) => s.editingEnvironmentId);
  const s = useAppStore.getState;

  if (!draft) {
    return (
      <div className="screen settings-screen">
        <h2>{t('settings.title')}</h2>
        {error ? (
          <ErrorBanner error={error} onRetry={() => void s().loadSettings()} testId="settings-error" />
        ) : (
          <p className="muted">{t('app.loading')}</p>
        )}
      </div>
    );
  }
  const edit = (fn: (d: Settings) => Settings) => s().editSettings(fn);
  const envIndex = Math.max(
    0,
    draft.environments.findIndex((e) => e.id === (editingId ?? draft.activeEnvironmentId)),
  );
  const env = draft.environments[envIndex];
  const dirty = draft !== saved;

  return (
    <div className="screen settings-screen">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void s().saveSettings();
        }}
      >
        <div className="screen-header sticky">
          <h2>{t('settings.title')}</h2>
          <span className="spacer" />
          {savedAt && !dirty && (
            <span className="ok-text" role="status" data-testid="settings-saved">
              {t('settings.saved')}
            </span>
          )}
          <button type="button" className="button" disabled={!dirty} onClick={() => s().resetSettingsDraft()}>
            {t('settings.discard')}
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={saving || !dirty}
            data-testid="settings-save"
          >
            {saving ? t('settings.saving') : t('settings.save')}
          </button>
        </div>
        {error && <ErrorBanner error={error} testId="settings-error" />}
        <EnvironmentsSection draft={draft} envIndex={envIndex} edit={edit} />
      </form>

      {env && <CredentialsSection env={env} />}
      <FoldersSection draft={draft} edit={edit} />
      <GeneralSection draft={draft} edit={edit} />
      <DocumentTypesSection draft={draft} edit={edit} />
      <OcrSection draft={draft} edit={edit} />
      <OfficeSection draft={draft} edit={edit} />
    </div>
  );
}
