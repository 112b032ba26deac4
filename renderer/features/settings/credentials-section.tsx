import { useState } from 'react';
import type { Environment } from '../../../shared/domain/settings';
import { ErrorBanner } from '../../components/error-banner';
import { useAppStore } from '../../app/store';
import { detailsLabel, useLocale, useT } from '../../i18n/i18n';
import { environmentName } from '../../app/active-environment';
import { SecretForm } from './secret-form';

const KEYCHAIN_UNAVAILABLE = 'secrets.keychain_unavailable';

/** Secrets go one way: typed here, stored in the keychain by main, never read back. */
export function CredentialsSection(props: { env: Environment }) {
  const t = useT();
  const locale = useLocale();
  const status = useAppStore((s) => s.secretStatus);
  const error = useAppStore((s) => s.secretError);
  // Whether uploading really waits for the keychain: the core says so as the connection's configuration
  // error. Otherwise (the local sandbox needs no stored secret) it goes on, and the box must not say it stopped.
  const uploadsStopped = useAppStore((s) => s.connection?.configurationError?.code === KEYCHAIN_UNAVAILABLE);
  const keychainDown = status !== undefined && !status.keychain.available;
  const publicKey = useAppStore((s) => s.publicKey);
  const test = useAppStore((s) => s.connectionTest);
  const testing = useAppStore((s) => s.connectionTesting);
  const [keyPem, setKeyPem] = useState('');
  const s = useAppStore.getState;
  const method = props.env.authMethod;
  return (
    <section className="settings-section" aria-labelledby="cred-title" data-testid="credentials">
      <h3 id="cred-title">{t('settings.credentials', { name: environmentName(locale, props.env) })}</h3>
      {keychainDown && (
        // One box: what cannot be done, whether uploading goes on, what to do; the OS's words behind Details.
        <div
          className={`banner ${uploadsStopped ? 'banner-error' : 'banner-warning'}`}
          role="alert"
          data-testid="keychain-unavailable"
        >
          <p className="banner-text">
            {t(uploadsStopped ? 'settings.keychain.stopped' : 'settings.keychain.working', {
              name: environmentName(locale, props.env),
            })}
          </p>
          {status.keychain.message && (
            <details className="error-details">
              <summary>{detailsLabel(locale)}</summary>
              <p>{status.keychain.message}</p>
            </details>
          )}
        </div>
      )}
      {/* A store refused for want of a keychain is what the box above says already. */}
      {error && !(keychainDown && error.code === KEYCHAIN_UNAVAILABLE) && (
        <ErrorBanner error={error} testId="secret-error" />
      )}
      {method === 'client_secret' ? (
        <SecretForm
          id="client-secret"
          label={t('settings.clientSecret')}
          state={status?.clientSecret ? t('settings.secretStored') : t('settings.secretMissing')}
          stateTestId="secret-state"
          stored={status?.clientSecret === true}
          storeLabel={t('settings.storeSecret')}
          deleteLabel={t('settings.deleteSecret')}
          onStore={(secret) => s().storeClientSecret(secret)}
          onDelete={() => void s().deleteSecret('clientSecret')}
        />
      ) : (
        <div>
          <p className="hint" data-testid="key-state">
            {status?.privateKey ? t('settings.keyStored') : t('settings.keyMissing')}
          </p>
          <button
            type="button"
            className="button"
            onClick={() => void s().generateKeyPair()}
            data-testid="generate-key"
          >
            {status?.privateKey ? t('settings.regenerateKey') : t('settings.generateKey')}
          </button>
          {status?.privateKey && (
            <button
              type="button"
              className="button"
              onClick={() => void s().showPublicKey()}
              data-testid="show-public-key"
            >
              {t('settings.showPublicKey')}
            </button>
          )}
          <form
            className="import-key"
            onSubmit={(e) => {
              e.preventDefault();
              if (!keyPem.trim()) return;
              void s()
                .importPrivateKey(keyPem)
                .then((ok) => ok && setKeyPem(''));
            }}
          >
            <label htmlFor="import-key">{t('settings.importKey')}</label>
            <textarea
              id="import-key"
              rows={4}
              autoComplete="off"
              spellCheck={false}
              value={keyPem}
              onChange={(e) => setKeyPem(e.target.value)}
              aria-describedby="import-key-hint"
              data-testid="import-key"
            />
            <p className="hint" id="import-key-hint">
              {t('settings.importKeyHint')}
            </p>
            <button type="submit" className="button" disabled={!keyPem.trim()} data-testid="import-key-submit">
              {t('settings.importKeyButton')}
            </button>
          </form>
          {publicKey && publicKey.environmentId === props.env.id && (
            <div className="public-key" data-testid="public-key">
              <p>{t('settings.publicKeyHint')}</p>
              <label htmlFor="pub-pem">{t('settings.publicKeyPem')}</label>
              <textarea id="pub-pem" readOnly rows={6} value={publicKey.pem} onFocus={(e) => e.target.select()} />
              <button
                type="button"
                className="button button-small"
                onClick={() => void navigator.clipboard?.writeText(publicKey.pem)}
              >
                {t('action.copy')} PEM
              </button>
              {publicKey.thumbprint && (
                <p data-testid="public-key-thumbprint">
                  {t('settings.publicKeyThumbprint')}: <code>{publicKey.thumbprint}</code>
                </p>
              )}
              <label htmlFor="pub-jwk">{t('settings.publicKeyJwk')}</label>
              <textarea id="pub-jwk" readOnly rows={6} value={publicKey.jwk} onFocus={(e) => e.target.select()} />
              <button
                type="button"
                className="button button-small"
                onClick={() => void navigator.clipboard?.writeText(publicKey.jwk)}
              >
                {t('action.copy')} JWK
              </button>
            </div>
          )}
        </div>
      )}
      <div className="test-row">
        <button
          type="button"
          className="button"
          disabled={testing}
          onClick={() => void s().testConnection()}
          data-testid="test-connection"
        >
          {testing ? t('settings.testing') : t('settings.testConnection')}
        </button>
        {test && (
          <p
            className={`test-result ${test.ok ? 'ok' : 'failed'}`}
            role="status"
            data-testid="test-result"
            data-step={test.step}
          >
            {test.ok ? t('settings.testOk') : t('settings.testFailed', { step: t(`settings.step.${test.step}`) })}{' '}
            {test.message}
            {test.code && <code> {test.code}</code>}
          </p>
        )}
      </div>
    </section>
  );
}
