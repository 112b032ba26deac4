import type { FolderProfile, Settings } from '../../../shared/domain/settings';
import { useT } from '../../i18n/i18n';
import { FolderCaptureFields } from './folder-capture-fields';
import { FolderPathField } from './folder-path-field';
import { SettingsCheck } from './settings-check';
import { newFolder, updateFolder } from './settings-model';
import type { EditSettings } from './settings-model';
import { SettingsText } from './settings-text';

/** Fields a folder may require before its documents are sent (issue 21: checked before queuing). */
const REQUIRABLE = ['caseNumber', 'policyNumber', 'documentTypeCode', 'responsibleDepartmentId'] as const;

/** The watched scanner folders, one card each. */
export function FoldersSection(props: { draft: Settings; edit: EditSettings }) {
  const t = useT();
  const { draft, edit } = props;
  return (
    <section className="settings-section" aria-labelledby="folders-title">
      <h3 id="folders-title">{t('settings.folders')}</h3>
      {draft.folders.length === 0 && <p className="empty-state">{t('settings.noFolders')}</p>}
      {draft.folders.map((f, i) => (
        <FolderCard key={i} folder={f} index={i} edit={edit} />
      ))}
      <button
        type="button"
        className="button button-small"
        onClick={() => edit((d) => ({ ...d, folders: [...d.folders, newFolder(d.folders)] }))}
      >
        {t('settings.folder.add')}
      </button>
    </section>
  );
}

function FolderCard(props: { folder: FolderProfile; index: number; edit: EditSettings }) {
  const t = useT();
  const { folder: f, index: i, edit } = props;
  const set = (patch: Partial<FolderProfile>) => edit((d) => updateFolder(d, i, patch));
  return (
    <div className="folder-card grid-2" data-testid="folder">
      <SettingsText
        path={`folders.${i}.label`}
        label={t('settings.folder.label')}
        value={f.label}
        onChange={(label) => set({ label })}
      />
      <FolderPathField
        path={`folders.${i}.path`}
        label={t('settings.folder.path')}
        value={f.path}
        onChange={(path) => set({ path })}
        optedOut={f.shared === false}
      />
      <SettingsText
        path={`folders.${i}.fileNamePattern`}
        label={t('settings.folder.pattern')}
        hint={t('settings.folder.patternHint')}
        value={f.fileNamePattern ?? ''}
        onChange={(pattern) => set({ fileNamePattern: pattern || undefined })}
      />
      <SettingsText
        path={`folders.${i}.defaultMetadata.documentTypeCode`}
        label={t('settings.folder.docType')}
        value={f.defaultMetadata.documentTypeCode ?? ''}
        onChange={(code) => set({ defaultMetadata: { ...f.defaultMetadata, documentTypeCode: code || undefined } })}
      />
      <fieldset className="check-group" data-testid="folder-required">
        <legend>{t('settings.folder.required')}</legend>
        {REQUIRABLE.map((field) => (
          <SettingsCheck
            key={field}
            checked={(f.requiredFields ?? []).includes(field)}
            onChange={(on) => {
              const rest = (f.requiredFields ?? []).filter((x) => x !== field);
              set({ requiredFields: on ? [...rest, field] : rest });
            }}
          >
            {t(`field.${field}`)}
          </SettingsCheck>
        ))}
      </fieldset>
      <FolderCaptureFields folder={f} index={i} set={set} />
      <SettingsCheck checked={f.autoSubmit} onChange={(on) => set({ autoSubmit: on })}>
        {t('settings.folder.autoSubmit')}
      </SettingsCheck>
      <SettingsCheck checked={f.autoAcceptSuggestions ?? false} onChange={(on) => set({ autoAcceptSuggestions: on })}>
        {t('settings.folder.autoAccept')}
      </SettingsCheck>
      <SettingsCheck checked={f.polling.enabled} onChange={(on) => set({ polling: { ...f.polling, enabled: on } })}>
        {t('settings.folder.polling')}
      </SettingsCheck>
      <SettingsCheck checked={f.recognizeCompleteFiles} onChange={(on) => set({ recognizeCompleteFiles: on })}>
        {t('settings.folder.recognizeCompleteFiles')}
      </SettingsCheck>
      <SettingsCheck checked={f.shared !== false} onChange={(on) => set({ shared: on })}>
        {t('settings.folder.sharedOption')}
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
  );
}
