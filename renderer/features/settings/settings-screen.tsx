import type { EnvironmentKind, Settings } from '../../../shared/domain/settings';
import { ENVIRONMENT_KINDS } from '../../../shared/domain/settings';
import { SCOPES } from '../../../shared/platform/token';
import { ErrorBanner } from '../../app/error-banner';
import { useAppStore } from '../../app/store';
import { useT } from '../../i18n/i18n';
import { CredentialsSection } from './credentials-section';
import { SettingsCheck } from './settings-check';
import { SettingsField } from './settings-field';
import { newEnvironment, newFolder, updateEnvironment, updateFolder } from './settings-model';

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

        <section className="settings-section" aria-labelledby="env-title">
          <h3 id="env-title">{t('settings.environments')}</h3>
          <fieldset className="env-list">
            <legend>{t('settings.activeEnvironment')}</legend>
            {draft.environments.map((e, i) => (
              <div key={i} className={`env-item ${i === envIndex ? 'is-editing' : ''}`}>
                <input
                  type="radio"
                  name="active-env"
                  id={`env-active-${i}`}
                  checked={draft.activeEnvironmentId === e.id}
                  onChange={() => edit((d) => ({ ...d, activeEnvironmentId: e.id }))}
                />
                <label htmlFor={`env-active-${i}`}>
                  {e.name} <span className={`env-badge env-${e.kind}`}>{t(`env.kind.${e.kind}`)}</span>
                </label>
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => void s().setEditingEnvironment(e.id)}
                  aria-pressed={i === envIndex}
                >
                  {t('settings.edit')}
                  <span className="visually-hidden"> {e.name}</span>
                </button>
              </div>
            ))}
          </fieldset>
          <div className="add-row">
            {(['sandbox', 'production', 'custom'] as EnvironmentKind[]).map((kind) => (
              <button
                key={kind}
                type="button"
                className="button button-small"
                onClick={() => {
                  const created = newEnvironment(draft.environments, kind);
                  edit((d) => ({ ...d, environments: [...d.environments, created] }));
                  void s().setEditingEnvironment(created.id);
                }}
              >
                {t('settings.addEnvironment', { kind: t(`env.kind.${kind}`) })}
              </button>
            ))}
          </div>
          {env && (
            <div className="grid-2" data-testid="environment-editor">
              <SettingsField path={`environments.${envIndex}.name`} label={t('settings.env.name')}>
                {(a) => (
                  <input
                    {...a}
                    value={env.name}
                    onChange={(e) => edit((d) => updateEnvironment(d, envIndex, { name: e.target.value }))}
                  />
                )}
              </SettingsField>
              <SettingsField path={`environments.${envIndex}.kind`} label={t('settings.env.kind')}>
                {(a) => (
                  <select
                    {...a}
                    value={env.kind}
                    onChange={(e) =>
                      edit((d) => updateEnvironment(d, envIndex, { kind: e.target.value as EnvironmentKind }))
                    }
                  >
                    {ENVIRONMENT_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {t(`env.kind.${k}`)}
                      </option>
                    ))}
                  </select>
                )}
              </SettingsField>
              <SettingsField path={`environments.${envIndex}.baseUrl`} label={t('settings.env.baseUrl')}>
                {(a) => (
                  <input
                    {...a}
                    type="url"
                    value={env.baseUrl}
                    onChange={(e) => edit((d) => updateEnvironment(d, envIndex, { baseUrl: e.target.value }))}
                  />
                )}
              </SettingsField>
              <SettingsField
                path={`environments.${envIndex}.tokenUrl`}
                label={t('settings.env.tokenUrl')}
                hint={t('settings.env.tokenUrlHint')}
              >
                {(a) => (
                  <input
                    {...a}
                    type="url"
                    value={env.tokenUrl}
                    onChange={(e) => edit((d) => updateEnvironment(d, envIndex, { tokenUrl: e.target.value }))}
                  />
                )}
              </SettingsField>
              <SettingsField path={`environments.${envIndex}.country`} label={t('settings.env.country')}>
                {(a) => (
                  <input
                    {...a}
                    value={env.country}
                    onChange={(e) => edit((d) => updateEnvironment(d, envIndex, { country: e.target.value }))}
                  />
                )}
              </SettingsField>
              <SettingsField path={`environments.${envIndex}.tenant`} label={t('settings.env.tenant')}>
                {(a) => (
                  <input
                    {...a}
                    value={env.tenant}
                    onChange={(e) => edit((d) => updateEnvironment(d, envIndex, { tenant: e.target.value }))}
                  />
                )}
              </SettingsField>
              <SettingsField
                path={`environments.${envIndex}.caseSchemaKey`}
                label={t('settings.env.caseSchemaKey')}
                hint={t('settings.env.caseSchemaKeyHint')}
              >
                {(a) => (
                  <input
                    {...a}
                    value={env.caseSchemaKey}
                    autoComplete="off"
                    onChange={(e) => edit((d) => updateEnvironment(d, envIndex, { caseSchemaKey: e.target.value }))}
                  />
                )}
              </SettingsField>
              <SettingsField path={`environments.${envIndex}.clientId`} label={t('settings.env.clientId')}>
                {(a) => (
                  <input
                    {...a}
                    value={env.clientId}
                    autoComplete="off"
                    onChange={(e) => edit((d) => updateEnvironment(d, envIndex, { clientId: e.target.value }))}
                  />
                )}
              </SettingsField>
              <SettingsField path={`environments.${envIndex}.authMethod`} label={t('settings.env.authMethod')}>
                {(a) => (
                  <select
                    {...a}
                    value={env.authMethod}
                    onChange={(e) =>
                      edit((d) =>
                        updateEnvironment(d, envIndex, {
                          authMethod: e.target.value as 'client_secret' | 'private_key_jwt',
                        }),
                      )
                    }
                  >
                    <option value="private_key_jwt">{t('settings.auth.private_key_jwt')}</option>
                    <option value="client_secret">{t('settings.auth.client_secret')}</option>
                  </select>
                )}
              </SettingsField>
              <fieldset className="scopes">
                <legend>{t('settings.env.scopes')}</legend>
                {SCOPES.map((scope) => (
                  <SettingsCheck
                    key={scope}
                    checked={env.scopes.includes(scope)}
                    onChange={(on) =>
                      edit((d) =>
                        updateEnvironment(d, envIndex, {
                          scopes: on ? [...env.scopes, scope] : env.scopes.filter((x) => x !== scope),
                        }),
                      )
                    }
                  >
                    {scope}
                  </SettingsCheck>
                ))}
              </fieldset>
              {draft.environments.length > 1 && (
                <div>
                  <button
                    type="button"
                    className="button button-small button-danger"
                    disabled={env.id === draft.activeEnvironmentId}
                    onClick={() =>
                      edit((d) => ({ ...d, environments: d.environments.filter((_, i) => i !== envIndex) }))
                    }
                  >
                    {t('settings.removeEnvironment')}
                  </button>
                </div>
              )}
            </div>
          )}
        </section>
      </form>

      {env && <CredentialsSection env={env} />}

      <section className="settings-section" aria-labelledby="folders-title">
        <h3 id="folders-title">{t('settings.folders')}</h3>
        {draft.folders.length === 0 && <p className="empty-state">{t('settings.noFolders')}</p>}
        {draft.folders.map((f, i) => (
          <div key={i} className="folder-card grid-2" data-testid="folder">
            <SettingsField path={`folders.${i}.label`} label={t('settings.folder.label')}>
              {(a) => (
                <input
                  {...a}
                  value={f.label}
                  onChange={(e) => edit((d) => updateFolder(d, i, { label: e.target.value }))}
                />
              )}
            </SettingsField>
            <SettingsField path={`folders.${i}.path`} label={t('settings.folder.path')}>
              {(a) => (
                <input
                  {...a}
                  value={f.path}
                  onChange={(e) => edit((d) => updateFolder(d, i, { path: e.target.value }))}
                />
              )}
            </SettingsField>
            <SettingsField
              path={`folders.${i}.fileNamePattern`}
              label={t('settings.folder.pattern')}
              hint={t('settings.folder.patternHint')}
            >
              {(a) => (
                <input
                  {...a}
                  value={f.fileNamePattern ?? ''}
                  onChange={(e) => edit((d) => updateFolder(d, i, { fileNamePattern: e.target.value || undefined }))}
                />
              )}
            </SettingsField>
            <SettingsField path={`folders.${i}.defaultMetadata.documentTypeCode`} label={t('settings.folder.docType')}>
              {(a) => (
                <input
                  {...a}
                  value={f.defaultMetadata.documentTypeCode ?? ''}
                  onChange={(e) =>
                    edit((d) =>
                      updateFolder(d, i, {
                        defaultMetadata: { ...f.defaultMetadata, documentTypeCode: e.target.value || undefined },
                      }),
                    )
                  }
                />
              )}
            </SettingsField>
            <SettingsCheck
              checked={f.autoSubmit}
              onChange={(on) => edit((d) => updateFolder(d, i, { autoSubmit: on }))}
            >
              {t('settings.folder.autoSubmit')}
            </SettingsCheck>
            <SettingsCheck
              checked={f.polling.enabled}
              onChange={(on) => edit((d) => updateFolder(d, i, { polling: { ...f.polling, enabled: on } }))}
            >
              {t('settings.folder.polling')}
            </SettingsCheck>
            <SettingsCheck
              checked={f.recognizeCompleteFiles}
              onChange={(on) => edit((d) => updateFolder(d, i, { recognizeCompleteFiles: on }))}
            >
              {t('settings.folder.recognizeCompleteFiles')}
            </SettingsCheck>
            <div>
              <button
                type="button"
                className="button button-small button-danger"
                onClick={() => edit((d) => ({ ...d, folders: d.folders.filter((_, j) => j !== i) }))}
              >
                {t('settings.folder.remove')}
                <span className="visually-hidden"> {f.label}</span>
              </button>
            </div>
          </div>
        ))}
        <button
          type="button"
          className="button button-small"
          onClick={() => edit((d) => ({ ...d, folders: [...d.folders, newFolder(d.folders)] }))}
        >
          {t('settings.folder.add')}
        </button>
      </section>

      <section className="settings-section grid-2" aria-labelledby="general-title">
        <h3 id="general-title" className="span-2">
          {t('settings.general')}
        </h3>
        <SettingsField path="locale" label={t('settings.language')}>
          {(a) => (
            <select
              {...a}
              value={draft.locale}
              onChange={(e) => edit((d) => ({ ...d, locale: e.target.value as 'en' | 'de' }))}
              data-testid="language"
            >
              <option value="en">English</option>
              <option value="de">Deutsch</option>
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
              onChange={(e) => edit((d) => ({ ...d, upload: { concurrency: Number(e.target.value) } }))}
            />
          )}
        </SettingsField>
        <SettingsField path="archive.mode" label={t('settings.archive.mode')}>
          {(a) => (
            <select
              {...a}
              value={draft.archive.mode}
              onChange={(e) =>
                edit((d) => ({ ...d, archive: { ...d.archive, mode: e.target.value as 'move' | 'delete' } }))
              }
            >
              <option value="move">{t('settings.archive.move')}</option>
              <option value="delete">{t('settings.archive.delete')}</option>
            </select>
          )}
        </SettingsField>
        <SettingsField path="archive.folder" label={t('settings.archive.folder')}>
          {(a) => (
            <input
              {...a}
              value={draft.archive.folder ?? ''}
              disabled={draft.archive.mode !== 'move'}
              onChange={(e) => edit((d) => ({ ...d, archive: { ...d.archive, folder: e.target.value || undefined } }))}
            />
          )}
        </SettingsField>
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
              onChange={(e) =>
                edit((d) => ({ ...d, archive: { ...d.archive, retentionDays: Number(e.target.value) } }))
              }
            />
          )}
        </SettingsField>
      </section>

      <section className="settings-section" aria-labelledby="types-title">
        <h3 id="types-title">{t('settings.documentTypes')}</h3>
        {draft.documentTypes.map((dt, i) => (
          <div key={i} className="search-row">
            <SettingsField path={`documentTypes.${i}.code`} label={t('settings.docType.code')}>
              {(a) => (
                <input
                  {...a}
                  value={dt.code}
                  onChange={(e) =>
                    edit((d) => ({
                      ...d,
                      documentTypes: d.documentTypes.map((x, j) => (j === i ? { ...x, code: e.target.value } : x)),
                    }))
                  }
                />
              )}
            </SettingsField>
            <SettingsField path={`documentTypes.${i}.label`} label={t('settings.docType.label')}>
              {(a) => (
                <input
                  {...a}
                  value={dt.label}
                  onChange={(e) =>
                    edit((d) => ({
                      ...d,
                      documentTypes: d.documentTypes.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)),
                    }))
                  }
                />
              )}
            </SettingsField>
            <button
              type="button"
              className="button button-small button-danger"
              onClick={() => edit((d) => ({ ...d, documentTypes: d.documentTypes.filter((_, j) => j !== i) }))}
            >
              {t('settings.docType.remove')}
              <span className="visually-hidden"> {dt.code}</span>
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button-small"
          onClick={() => edit((d) => ({ ...d, documentTypes: [...d.documentTypes, { code: '', label: '' }] }))}
        >
          {t('settings.docType.add')}
        </button>
      </section>
    </div>
  );
}
