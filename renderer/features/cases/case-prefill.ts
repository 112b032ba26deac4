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
} as const;

export interface PrefillSource {
  metadata?: Metadata;
  customer?: Pick<Customer, 'fullName'>;
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
