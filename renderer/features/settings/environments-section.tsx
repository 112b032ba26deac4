import { useState } from 'react';
import type { EnvironmentKind, Settings } from '../../../shared/domain/settings';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useAppStore } from '../../app/store';
import { useLocale, useT } from '../../i18n/i18n';
import { environmentName, ownEnvironmentName } from '../../app/active-environment';
import { EnvironmentEditor } from './environment-editor';
import { newEnvironment } from './settings-model';
import type { EditSettings } from './settings-model';

/** Which environment is active, which one is edited below the list, and the buttons that add one. */
export function EnvironmentsSection(props: { draft: Settings; envIndex: number; edit: EditSettings }) {
  const t = useT();
  const locale = useLocale();
  const { draft, envIndex, edit } = props;
  const s = useAppStore.getState;
  const env = draft.environments[envIndex];
  const [askProduction, setAskProduction] = useState<string>();
  const asked = draft.environments.find((e) => e.id === askProduction);
  return (
    <section className="settings-section" aria-labelledby="env-title">
      {asked && (
        <ConfirmDialog
          title={t('settings.production.title')}
          text={t('settings.production.text', { name: environmentName(locale, asked) })}
          confirmLabel={t('settings.production.confirm')}
          cancelLabel={t('action.cancel')}
          testId="confirm-production"
          onConfirm={() => {
            edit((d) => ({ ...d, activeEnvironmentId: asked.id }));
            setAskProduction(undefined);
          }}
          onCancel={() => setAskProduction(undefined)}
        />
      )}
      <h3 id="env-title">{t('settings.environments')}</h3>
      <fieldset className="env-list">
        <legend>{t('settings.activeEnvironment')}</legend>
        {draft.environments.map((e, i) => (
          <div key={i} className={`env-item ${i === envIndex ? 'is-editing' : ''}`} data-env-id={e.id}>
            <input
              type="radio"
              name="active-env"
              id={`env-active-${i}`}
              checked={draft.activeEnvironmentId === e.id}
              onChange={() =>
                // Production sends to the real platform: asked first (issue #31 item 9).
                e.kind === 'production' ? setAskProduction(e.id) : edit((d) => ({ ...d, activeEnvironmentId: e.id }))
              }
            />
            <label htmlFor={`env-active-${i}`}>
              {/* The kind once, in the clerk's language; the own name only when it says more. */}
              {ownEnvironmentName(e) && <>{ownEnvironmentName(e)} </>}
              <span className={`env-badge env-${e.kind}`}>{t(`env.kind.${e.kind}`)}</span>
            </label>
            <button
              type="button"
              className="button button-small"
              onClick={() => void s().setEditingEnvironment(e.id)}
              aria-pressed={i === envIndex}
            >
              {t('settings.edit')}
              <span className="visually-hidden"> {environmentName(locale, e)}</span>
            </button>
          </div>
        ))}
      </fieldset>
      <div className="add-row">
        {(['sandbox', 'production', 'custom'] as const satisfies readonly EnvironmentKind[]).map((kind) => (
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
            {/* Its own words, not "Add PRODUCTION": the badge's capitals are for the badge alone. */}
            {t(`settings.addEnvironment.${kind}`)}
          </button>
        ))}
      </div>
      {env && <EnvironmentEditor draft={draft} env={env} index={envIndex} edit={edit} />}
    </section>
  );
}
