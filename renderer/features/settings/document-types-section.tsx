import type { Settings } from '../../../shared/domain/settings';
import { useAppStore } from '../../app/store';
import { useLocale, useT } from '../../i18n/i18n';
import type { EditSettings } from './settings-model';
import { fieldId } from './settings-field';
import { fieldText } from '../../i18n/validation-messages';

type DocumentType = Settings['documentTypes'][number];

/**
 * The document types the tagging form offers: code (sent to the platform) and label, edited as a table (one
 * row per type, the columns named once), as GitHub Desktop and VS Code edit such lists.
 */
export function DocumentTypesSection(props: { draft: Settings; edit: EditSettings }) {
  const t = useT();
  const { draft, edit } = props;
  const set = (index: number, patch: Partial<DocumentType>) =>
    edit((d) => ({ ...d, documentTypes: d.documentTypes.map((x, j) => (j === index ? { ...x, ...patch } : x)) }));
  return (
    <section className="settings-section" aria-labelledby="types-title">
      <h3 id="types-title">{t('settings.documentTypes')}</h3>
      <table className="data-table edit-table" data-testid="document-types">
        <thead>
          <tr>
            <th scope="col" id="types-code">
              {t('settings.docType.code')}
            </th>
            <th scope="col" id="types-label">
              {t('settings.docType.label')}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('settings.docType.remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {draft.documentTypes.map((dt, i) => (
            <tr key={i} data-testid="document-type">
              <td>
                <CellInput
                  path={`documentTypes.${i}.code`}
                  labelledBy="types-code"
                  value={dt.code}
                  onChange={(code) => set(i, { code })}
                />
              </td>
              <td>
                <CellInput
                  path={`documentTypes.${i}.label`}
                  labelledBy="types-label"
                  value={dt.label}
                  onChange={(label) => set(i, { label })}
                />
              </td>
              <td className="row-actions">
                <button
                  type="button"
                  className="button button-small button-danger"
                  onClick={() => edit((d) => ({ ...d, documentTypes: d.documentTypes.filter((_, j) => j !== i) }))}
                >
                  {t('settings.docType.remove')}
                  <span className="visually-hidden"> {dt.code}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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

/** One cell's input: named by its column's header and its row's code, its settings error below it. */
function CellInput(props: { path: string; labelledBy: string; value: string; onChange(v: string): void }) {
  const locale = useLocale();
  const error = useAppStore((s) => s.settingsErrors[props.path]);
  const id = fieldId(props.path);
  return (
    <>
      <input
        id={id}
        aria-labelledby={props.labelledBy}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {error && (
        <p className="field-error" id={`${id}-error`} data-testid="settings-field-error">
          {fieldText(locale, error)}
        </p>
      )}
    </>
  );
}
