import type { Environment, EnvironmentKind, Settings } from '../../../shared/domain/settings';
import { ENVIRONMENT_KINDS } from '../../../shared/domain/settings';
import { SCOPES } from '../../../shared/platform/token';
import { useT } from '../../i18n/i18n';
import { SettingsCheck } from './settings-check';
import { SettingsField } from './settings-field';
import { updateEnvironment } from './settings-model';
import type { EditSettings } from './settings-model';
import { SettingsText } from './settings-text';

/** The fields of the environment picked in the list: platform addresses, tenant, client id, scopes. */
export function EnvironmentEditor(props: { draft: Settings; env: Environment; index: number; edit: EditSettings }) {
  const t = useT();
  const { draft, env, index, edit } = props;
  const path = (field: keyof Environment) => `environments.${index}.${field}`;
  const set = (patch: Partial<Environment>) => edit((d) => updateEnvironment(d, index, patch));
  return (
    <div className="grid-2" data-testid="environment-editor">
      <SettingsText
        path={path('name')}
        label={t('settings.env.name')}
        value={env.name}
        onChange={(name) => set({ name })}
      />
      <SettingsField path={path('kind')} label={t('settings.env.kind')}>
        {(a) => (
          <select {...a} value={env.kind} onChange={(e) => set({ kind: e.target.value as EnvironmentKind })}>
            {ENVIRONMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`env.kind.${k}`)}
              </option>
            ))}
          </select>
        )}
      </SettingsField>
      <SettingsText
        path={path('baseUrl')}
        label={t('settings.env.baseUrl')}
        type="url"
        value={env.baseUrl}
        onChange={(baseUrl) => set({ baseUrl })}
      />
      <SettingsText
        path={path('tokenUrl')}
        label={t('settings.env.tokenUrl')}
        hint={t('settings.env.tokenUrlHint')}
        type="url"
        value={env.tokenUrl}
        onChange={(tokenUrl) => set({ tokenUrl })}
      />
      <SettingsText
        path={path('country')}
        label={t('settings.env.country')}
        value={env.country}
        onChange={(country) => set({ country })}
      />
      <SettingsText
        path={path('tenant')}
        label={t('settings.env.tenant')}
        value={env.tenant}
        onChange={(tenant) => set({ tenant })}
      />
      <SettingsText
        path={path('caseSchemaKey')}
        label={t('settings.env.caseSchemaKey')}
        hint={t('settings.env.caseSchemaKeyHint')}
        autoComplete="off"
        value={env.caseSchemaKey}
        onChange={(caseSchemaKey) => set({ caseSchemaKey })}
      />
      <SettingsText
        path={path('caseNumberPattern')}
        label={t('settings.env.caseNumberPattern')}
        hint={t('settings.env.caseNumberPatternHint')}
        autoComplete="off"
        value={env.caseNumberPattern ?? ''}
        onChange={(pattern) => set({ caseNumberPattern: pattern || undefined })}
      />
      <SettingsText
        path={path('clientId')}
        label={t('settings.env.clientId')}
        autoComplete="off"
        value={env.clientId}
        onChange={(clientId) => set({ clientId })}
      />
      <SettingsField path={path('authMethod')} label={t('settings.env.authMethod')}>
        {(a) => (
          <select
            {...a}
            value={env.authMethod}
            onChange={(e) => set({ authMethod: e.target.value as Environment['authMethod'] })}
          >
            <option value="private_key_jwt">{t('settings.auth.private_key_jwt')}</option>
            <option value="client_secret">{t('settings.auth.client_secret')}</option>
          </select>
        )}
      </SettingsField>
      {env.authMethod === 'private_key_jwt' && (
        <>
          <SettingsText
            path={path('assertionAudience')}
            label={t('settings.env.assertionAudience')}
            hint={t('settings.env.assertionAudienceHint')}
            type="url"
            autoComplete="off"
            value={env.assertionAudience ?? ''}
            onChange={(v) => set({ assertionAudience: v.trim() === '' ? undefined : v.trim() })}
          />
          <div>
            <SettingsCheck
              checked={env.assertionKid !== false}
              onChange={(on) => set({ assertionKid: on ? undefined : false })}
            >
              {t('settings.env.assertionKid')}
            </SettingsCheck>
            <p className="hint">{t('settings.env.assertionKidHint')}</p>
          </div>
        </>
      )}
      <fieldset className="scopes">
        <legend>{t('settings.env.scopes')}</legend>
        {SCOPES.map((scope) => (
          <SettingsCheck
            key={scope}
            checked={env.scopes.includes(scope)}
            onChange={(on) => set({ scopes: on ? [...env.scopes, scope] : env.scopes.filter((x) => x !== scope) })}
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
            onClick={() => edit((d) => ({ ...d, environments: d.environments.filter((_, i) => i !== index) }))}
          >
            {t('settings.removeEnvironment')}
          </button>
        </div>
      )}
    </div>
  );
}
