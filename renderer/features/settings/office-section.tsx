import { useEffect, useState } from 'react';
import { DEFAULT_OFFICE_LAPSE_SECONDS, parseOfficeDatabaseUrl } from '../../../shared/domain/office';
import type { Settings } from '../../../shared/domain/settings';
import type { IpcError } from '../../../shared/ipc/errors';
import type { OfficePasswordStatus } from '../../../shared/ipc/channels/office';
import { ErrorBanner } from '../../components/error-banner';
import { useT } from '../../i18n/i18n';
import { intake } from '../../ipc/client';
import { toIpcError } from '../../ipc/ipc-error';
import { SettingsField } from './settings-field';
import type { EditSettings } from './settings-model';
import { SecretForm } from './secret-form';
import { SettingsText } from './settings-text';

/**
 * The office database (issue #50 item 1): its address and lapse, saved with the other settings (an admin may
 * lock them in the machine-wide file instead), and its password, which goes one way into the keychain entry of
 * that address, as the client secret does. The station joins the database it names when it starts next.
 */
export function OfficeSection(props: { draft: Settings; edit: EditSettings }) {
  const t = useT();
  const { draft, edit } = props;
  const database = draft.office?.database ?? '';
  // The password belongs to an address: only once the field holds one the settings would take.
  const address = database !== '' && parseOfficeDatabaseUrl(database, { password: 'refused' }).ok ? database : '';
  // The answer for the address it was asked for: while another address is asked about, none shows.
  const [answer, setAnswer] = useState<{ address: string; status: OfficePasswordStatus }>();
  const status = answer?.address === address ? answer.status : undefined;
  const [error, setError] = useState<IpcError>();
  useEffect(() => {
    if (!address) return;
    let live = true;
    intake()
      .call('office.passwordStatus', { database: address })
      .then((status) => live && setAnswer({ address, status }))
      .catch((e: unknown) => live && setError(toIpcError(e)));
    return () => {
      live = false;
    };
  }, [address]);
  /** Resolves whether the keychain did it; a refusal is shown. */
  const act = (call: Promise<OfficePasswordStatus>): Promise<boolean> => {
    setError(undefined);
    return call.then(
      (status) => {
        setAnswer({ address, status });
        return true;
      },
      (e: unknown) => {
        setError(toIpcError(e));
        return false;
      },
    );
  };
  return (
    <section className="settings-section grid-2" aria-labelledby="office-title" data-testid="office-settings">
      <h3 id="office-title" className="span-2">
        {t('settings.office')}
      </h3>
      <p className="hint span-2">{t('settings.office.hint')}</p>
      <SettingsText
        path="office.database"
        label={t('settings.office.database')}
        hint={t('settings.office.databaseHint')}
        value={database}
        autoComplete="off"
        onChange={(value) =>
          edit((d) => {
            const { office, ...rest } = d;
            return value.trim() === '' ? rest : { ...rest, office: { ...office, database: value } };
          })
        }
      />
      <SettingsField
        path="office.lapseSeconds"
        label={t('settings.office.lapse')}
        hint={t('settings.office.lapseHint')}
      >
        {(a) => (
          <input
            {...a}
            type="number"
            min={2}
            max={3600}
            disabled={!draft.office}
            placeholder={String(DEFAULT_OFFICE_LAPSE_SECONDS)}
            value={draft.office?.lapseSeconds ?? ''}
            onChange={(e) =>
              edit((d) => {
                if (!d.office) return d;
                const { lapseSeconds: _, ...office } = d.office;
                return {
                  ...d,
                  office: e.target.value === '' ? office : { ...office, lapseSeconds: Number(e.target.value) },
                };
              })
            }
          />
        )}
      </SettingsField>
      <SecretForm
        id="office-password"
        className="span-2"
        label={t('settings.office.password')}
        state={
          !address
            ? t('settings.office.passwordNoAddress')
            : status === undefined
              ? t('app.loading')
              : !status.keychain.available
                ? t('settings.office.keychainDown', { reason: status.keychain.message ?? '' })
                : status.stored
                  ? t('settings.office.passwordStored', { account: status.account })
                  : t('settings.office.passwordMissing', { account: status.account })
        }
        stateTestId="office-password-state"
        stored={status?.stored === true}
        disabled={!address}
        storeLabel={t('settings.office.storePassword')}
        deleteLabel={t('settings.office.deletePassword')}
        testIds={{ store: 'office-password-store', delete: 'office-password-delete' }}
        onStore={(password) => act(intake().call('office.setPassword', { database: address, password }))}
        onDelete={() => void act(intake().call('office.deletePassword', { database: address }))}
      />
      {error && (
        <div className="span-2">
          <ErrorBanner error={error} testId="office-password-error" />
        </div>
      )}
    </section>
  );
}
