import { useEffect, useRef } from 'react';
import { activeEnvironmentOf } from '../../../shared/domain/settings';
import type { PartnerValidation } from '../../../shared/domain/partner-validation';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { useAppStore } from '../../app/store';
import { formatDate, useCatalog, useLocale } from '../../i18n/i18n';
import type { Translate } from '../../i18n/i18n';
import '../cases/case-screens.css';
import { partnerScreenMessages } from './partner-screen-messages';
import type { PartnerScreenKey } from './partner-screen-messages';
import type { PartnerField } from './partners-slice';

type Valid = Extract<PartnerValidation, { status: 'valid' }>;

const FIELDS: { field: PartnerField; label: PartnerScreenKey; hint: PartnerScreenKey }[] = [
  { field: 'tenant', label: 'partner.tenant', hint: 'partner.tenantHint' },
  { field: 'companyTaxId', label: 'partner.taxId', hint: 'partner.taxIdHint' },
  { field: 'referenceNumber', label: 'partner.reference', hint: 'partner.referenceHint' },
];

/** The active environment's tenant: the default of the tenant field. */
function useEnvironmentTenant(): string {
  return useAppStore((s) => (s.settings ? activeEnvironmentOf(s.settings)?.tenant : undefined) ?? '');
}

export function PartnerScreen() {
  const t = useCatalog(partnerScreenMessages);
  const input = useAppStore((s) => s.partnerInput);
  const missing = useAppStore((s) => s.partnerMissing);
  const checking = useAppStore((s) => s.partnerChecking);
  const result = useAppStore((s) => s.partnerResult);
  const error = useAppStore((s) => s.partnerError);
  const tenant = useEnvironmentTenant();
  const s = useAppStore.getState;
  const firstRef = useRef<HTMLInputElement>(null);
  useEffect(() => firstRef.current?.focus(), []);

  const value = (field: PartnerField) => input[field] ?? (field === 'tenant' ? tenant : '');
  const validate = () => void s().validatePartner({ tenant });

  return (
    <div className="screen partner-screen" data-testid="partner-screen">
      <div className="screen-header">
        <h2>{t('partner.title')}</h2>
        <p className="muted">{t('partner.intro')}</p>
      </div>
      <form
        className="partner-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          validate();
        }}
      >
        <div className="partner-fields">
          {FIELDS.map(({ field, label, hint }) => (
            <Field
              key={field}
              id={`partner-${field}`}
              label={
                <>
                  {t(label)}
                  <span className="required-mark" aria-hidden="true">
                    *
                  </span>
                </>
              }
              hint={t(hint)}
              error={missing.includes(field) && t('partner.required')}
            >
              {(a) => (
                <input
                  {...a}
                  ref={field === 'companyTaxId' ? firstRef : undefined}
                  value={value(field)}
                  aria-required="true"
                  onChange={(e) => s().setPartnerInput(field, e.target.value)}
                />
              )}
            </Field>
          ))}
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={checking} data-testid="partner-validate">
            {checking ? t('partner.checking') : t('partner.validate')}
          </button>
        </div>
      </form>
      <div aria-live="polite" data-testid="partner-outcome">
        {error && <ErrorBanner error={error} onRetry={validate} testId="partner-error" />}
        {result?.status === 'rejected' && (
          <div className="banner banner-error" role="alert" data-testid="partner-rejected" data-code={result.code}>
            <p className="banner-text">
              <strong>{t('partner.rejected')}:</strong> {t(`partner.rejection.${result.code}`)}
            </p>
            {result.message && <p className="muted">{t('partner.platformSaid', { message: result.message })}</p>}
          </div>
        )}
        {result?.status === 'valid' && <ValidResult data={result.data} t={t} />}
      </div>
    </div>
  );
}

function ValidResult(props: { data: Valid['data']; t: Translate<PartnerScreenKey> }) {
  const { data, t } = props;
  const locale = useLocale();
  const { claim, service, servicePartners } = data;
  const address = claim.damageAddress;
  const addressText = address
    ? [address.street, address.street2, [address.postalCode, address.city].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', ')
    : '';
  return (
    <div className="partner-result" data-testid="partner-valid">
      <p className="banner banner-info" role="status">
        {t('partner.valid')}
      </p>
      <div className="info-columns">
        <section className="info-table">
          <h3>{t('partner.claim')}</h3>
          <dl>
            <Row label={t('partner.claimNumber')} value={claim.number} testId="partner-claim-number" />
            <Row label={t('partner.damageCause')} value={claim.damageCause} />
            <Row label={t('partner.damageCategory')} value={claim.damageCategory} />
            <Row label={t('partner.address')} value={addressText} />
          </dl>
        </section>
        {service && (
          <section className="info-table">
            <h3>{t('partner.service')}</h3>
            <dl>
              <Row label={t('partner.serviceReference')} value={service.referenceNumber} />
              <Row label={t('partner.startDate')} value={formatDate(locale, service.startDate)} />
              <Row label={t('partner.estimatedEnd')} value={formatDate(locale, service.estimatedEndDate)} />
              <Row label={t('partner.actualEnd')} value={formatDate(locale, service.actualEndDate)} />
            </dl>
          </section>
        )}
      </div>
      {servicePartners.length > 0 && (
        <>
          <h3>{t('partner.partners')}</h3>
          <table className="data-table" data-testid="partner-list">
            <thead>
              <tr>
                <th scope="col">{t('partner.name')}</th>
                <th scope="col">{t('partner.taxId')}</th>
                <th scope="col">{t('partner.phone')}</th>
                <th scope="col">{t('partner.fax')}</th>
                <th scope="col">{t('partner.responsible')}</th>
              </tr>
            </thead>
            <tbody>
              {servicePartners.map((p, i) => (
                <tr key={p.id ?? i}>
                  <td>{p.displayName ?? '–'}</td>
                  <td>{p.companyTaxId ?? '–'}</td>
                  <td>{p.phoneNumber ?? '–'}</td>
                  <td>{p.faxNumber ?? '–'}</td>
                  <td>{p.responsibleUser ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <TagWithClaim claimNumber={claim.number} t={t} />
    </div>
  );
}

function Row(props: { label: string; value?: string | null; testId?: string }) {
  return (
    <div className="info-row">
      <dt>{props.label}</dt>
      <dd data-testid={props.testId}>{props.value || '–'}</dd>
    </div>
  );
}

function TagWithClaim(props: { claimNumber: string; t: Translate<PartnerScreenKey> }) {
  const { t } = props;
  const active = useAppStore((s) => (s.selection.active ? s.documents[s.selection.active] : undefined));
  const tagging = useAppStore((s) => s.partnerTagging);
  const tagged = useAppStore((s) => s.partnerTagged);
  const error = useAppStore((s) => s.partnerTagError);
  const s = useAppStore.getState;
  return (
    <div className="partner-tag">
      <button
        type="button"
        className="button"
        disabled={!active || tagging}
        aria-describedby={active ? undefined : 'partner-tag-hint'}
        data-testid="partner-tag"
        onClick={() => active && void s().tagDocumentWithClaim(active.id)}
      >
        {tagging ? t('partner.tagging') : t('partner.tag')}
      </button>
      {!active && (
        <p className="hint" id="partner-tag-hint">
          {t('partner.tagNoDocument')}
        </p>
      )}
      {tagged?.map((d) => (
        <p key={d.id} className="ok-text" role="status" data-testid="partner-tagged">
          {t('partner.tagged', { file: d.fileName, number: d.metadata.caseNumber ?? props.claimNumber })}
        </p>
      ))}
      {error && <ErrorBanner error={error} testId="partner-tag-error" />}
    </div>
  );
}
