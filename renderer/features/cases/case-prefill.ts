import type { Metadata } from '../../../shared/domain/metadata';
import type { FormModel } from '../../../shared/forms/form-model';
import { nodeAtPath, parsePath, setAtPath } from '../../../shared/forms/form-paths';
import type { Customer, PolicyMatch } from '../../../shared/platform/customers';

/**
 * Which form field takes which known value. The case schema is the platform's, so a value is only set
 * where the form really has a string field of that path and the clerk has not typed anything yet.
 */
const TARGETS = {
  policyNumber: ['policyNumber', 'policy.number'],
  externalClaimId: ['externalClaimId'],
  firstName: ['claimant.firstName', 'policyHolder.firstName'],
  lastName: ['claimant.lastName', 'policyHolder.lastName'],
  // The policyholder's address: where a property damage usually is, and where the form asks for one.
  street: ['damageAddress.street', 'claimant.address.street', 'policyHolder.address.street'],
  postalCode: ['damageAddress.postalCode', 'claimant.address.postalCode', 'policyHolder.address.postalCode'],
  city: ['damageAddress.city', 'claimant.address.city', 'policyHolder.address.city'],
} as const;

export interface PrefillSource {
  metadata?: Metadata;
  customer?: Pick<Customer, 'fullName' | 'address'>;
  policy?: Pick<PolicyMatch, 'number'>;
}

export type PrefillTarget = keyof typeof TARGETS;

/**
 * Fills known values into empty fields. `replace` names values the clerk explicitly chose (a policy from
 * the search), which overwrite what is there.
 */
export function prefillCaseForm(
  model: FormModel,
  value: unknown,
  source: PrefillSource,
  options: { replace?: readonly PrefillTarget[] } = {},
): unknown {
  const known: Partial<Record<PrefillTarget, string>> = {};
  const policy = source.policy?.number ?? source.metadata?.policyNumber;
  if (policy) known.policyNumber = policy;
  if (source.metadata?.registrationNumber) known.externalClaimId = source.metadata.registrationNumber;
  const name = source.customer?.fullName?.trim();
  if (name) {
    // "Erika Mustermann" → first "Erika", last "Mustermann"; a single word is the last name.
    const parts = name.split(/\s+/);
    known.lastName = parts.pop();
    if (parts.length > 0) known.firstName = parts.join(' ');
  }
  const address = parseAddress(source.customer?.address);
  if (address) Object.assign(known, address);
  let out = value;
  for (const [what, text] of Object.entries(known) as [PrefillTarget, string | undefined][]) {
    if (!text) continue;
    for (const path of TARGETS[what]) {
      const segments = parsePath(path);
      const node = nodeAtPath(model.root, segments);
      if (node?.kind !== 'string' || node.readOnly) continue;
      const current = segments.reduce<unknown>(
        (v, s) => (v as Record<string, unknown> | undefined)?.[s as string],
        out,
      );
      if (current === undefined || current === '' || options.replace?.includes(what)) {
        out = setAtPath(out, segments, text);
      }
      break;
    }
  }
  return out;
}

/**
 * The platform gives a customer's address as one line ("Lindenstraße 12, 20095 Hamburg", "Storgatan 5,
 * 114 51 Stockholm"): street, then postal code and town after the last comma. A line in another form
 * fills nothing rather than something wrong.
 */
export function parseAddress(
  line: string | null | undefined,
): { street: string; postalCode: string; city: string } | undefined {
  const m = /^(.+),\s*(\d[\d ]{2,8}\d)\s+(\D.*)$/.exec(line?.trim() ?? '');
  if (!m) return undefined;
  return { street: m[1]!.trim(), postalCode: m[2]!.replace(/\s/g, ''), city: m[3]!.trim() };
}
