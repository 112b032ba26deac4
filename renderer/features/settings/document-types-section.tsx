import type { Settings } from '../../../shared/domain/settings';
import { useT } from '../../i18n/i18n';
import type { EditSettings } from './settings-model';
import { SettingsText } from './settings-text';

type DocumentType = Settings['documentTypes'][number];

/** The document types the tagging form offers: code (sent to the platform) and label. */
export function DocumentTypesSection(props: { draft: Settings; edit: EditSettings }) {
  const t = useT();
  const { draft, edit } = props;
  const set = (index: number, patch: Partial<DocumentType>) =>
    edit((d) => ({ ...d, documentTypes: d.documentTypes.map((x, j) => (j === index ? { ...x, ...patch } : x)) }));
  return (
    <section className="settings-section" aria-labelledby="types-title">
      <h3 id="types-title">{t('settings.documentTypes')}</h3>
      {draft.documentTypes.map((dt, i) => (
        <div key={i} className="search-row">
          <SettingsText
            path={`documentTypes.${i}.code`}
            label={t('settings.docType.code')}
            value={dt.code}
            onChange={(code) => set(i, { code })}
          />
          <SettingsText
            path={`documentTypes.${i}.label`}
            label={t('settings.docType.label')}
            value={dt.label}
            onChange={(label) => set(i, { label })}
          />
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
  );
}
