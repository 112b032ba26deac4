/**
 * A notice of loss → values for the platform's create-case form (issue #40). Pure: the letter's words (OCR
 * or text layer), the form built from the schema the platform returned, and the platform's answer about the
 * policy go in; each value comes out with its field, source, confidence and whether it is filled.
 *
 * A value is filled only when its kind of evidence fills its field (fill-evidence.ts: right in ≥ 99 % of blind sets A–D)
 * and the schema accepts it (checked with the same validation the form runs); otherwise it is offered beside
 * the form, with its source and the reason.
 */
import type { CaseDraft, DraftSource, DraftValue, NoticeField } from '../../../shared/domain/case-draft';
import type { FormModel, FormNode } from '../../../shared/forms/form-model';
import { parsePath, setAtPath } from '../../../shared/forms/form-paths';
import { initialFormValue, toSubmitValue } from '../../../shared/forms/form-value';
import { validateFormValue } from '../../../shared/forms/validate-form-value';
import type { Customer, PolicyMatch } from '../../../shared/platform/customers';
import type { PageText } from '../suggestions/page-text';
import { chooseAmount, findAmounts } from './find-amount';
import { findAddress, parseAddressText, sameAddress } from './find-address';
import { confirmedTown } from './postal-gazetteer';
import { signedBy } from './find-signer';
import { findCause } from './find-cause';
import { chooseLossDate, findDates } from './find-dates';
import { findDescription, trimTo } from './find-description';
import type { Evidence } from './fill-evidence';
import { fills, measuredRight } from './fill-evidence';
import type { Place } from './notice-lines';
import { noticeLines } from './notice-lines';
import { caseTypeOption, causeOption, findTargets } from './schema-targets';

/** The policy as the platform confirmed it: the number read on the letter, its holder and the policy. */
export interface ConfirmedPolicy {
  number: string;
  at: Place;
  customer: Pick<Customer, 'fullName' | 'address'>;
  policy: Pick<PolicyMatch, 'number' | 'product' | 'isActive'>;
  /** In force on the search date (an expired policy is offered, never filled). */
  inForce: boolean;
}

export interface DraftInput {
  pages: readonly PageText[];
  model: FormModel;
  key: string;
  schemaVersion?: string;
  policy?: ConfirmedPolicy;
  /** YYYY-MM-DD: a date after it is never the date of loss. */
  today: string;
  problems?: string[];
}

const COMPANY = /\b(gmbh|ag|kg|ohg|ab|as|oy|ltd|inc|llc|e\.?\s?k\.?|gbr|ug|se|partner)\b/iu;

/** "Erika Mustermann" → Erika / Mustermann; a company or one word is not split (offered, not filled). */
function splitName(fullName: string): { first?: string; last: string; sure: boolean } {
  const parts = fullName.trim().split(/\s+/);
  const last = parts.pop() ?? '';
  return {
    ...(parts.length ? { first: parts.join(' ') } : {}),
    last,
    sure: parts.length > 0 && !COMPANY.test(fullName),
  };
}

const pageSource = (at: Place): DraftSource => ({ kind: 'page', page: at.page, ...(at.box ? { box: at.box } : {}) });

export function draftCase(input: DraftInput): CaseDraft {
  const { model } = input;
  const targets = findTargets(model.root);
  const lines = noticeLines(input.pages);
  const problems = [...(input.problems ?? [])];
  const found: (Omit<DraftValue, 'path' | 'filled' | 'evidence'> & { evidence: Evidence })[] = [];
  const add = (field: NoticeField, value: string | number, raw: string, source: DraftSource, evidence: Evidence) =>
    found.push({ field, value, raw, source, evidence, confidence: measuredRight(evidence, field) });

  const policy = input.policy;
  const fromPolicy: DraftSource | undefined = policy
    ? { kind: 'policy', policyNumber: policy.policy.number }
    : undefined;
  if (policy && fromPolicy) {
    add(
      'policyNumber',
      policy.policy.number,
      policy.number,
      pageSource(policy.at),
      policy.inForce ? 'policy-confirmed' : 'policy-confirmed-not-in-force',
    );
    // The number is the letter's and the platform's: filled even when the policy is not in force on the
    // draft's day (whether it covers the loss is the claim handler's question), said as a problem.
    if (!policy.inForce)
      problems.push(`Policy ${policy.policy.number} is not in force on ${input.today} (the platform’s answer).`);
    const name = splitName(policy.customer.fullName);
    // The claimant is whoever signs the letter: the policyholder's name fills only when it is the signer's.
    const evidence: Evidence =
      name.sure && signedBy(lines, policy.customer.fullName) ? 'claimant-policyholder-signs' : 'claimant-policyholder';
    if (name.first) add('claimantFirstName', name.first, policy.customer.fullName, fromPolicy, evidence);
    add(
      'claimantLastName',
      name.sure ? name.last : policy.customer.fullName,
      policy.customer.fullName,
      fromPolicy,
      evidence,
    );
    const caseType = targets.caseType?.node;
    const option =
      caseType?.kind === 'enum' && policy.policy.product
        ? caseTypeOption(caseType.options, policy.policy.product)
        : undefined;
    if (option && (typeof option.value === 'string' || typeof option.value === 'number'))
      add('caseType', option.value, policy.policy.product ?? '', fromPolicy, 'case-type-from-product');
  }

  const date = chooseLossDate(findDates(lines), input.today);
  if (date) add('lossDate', date.date.iso, date.date.raw, pageSource(date.date.at), date.evidence);

  const cause = findCause(lines);
  const causeNode = targets.cause?.node;
  if (cause && causeNode?.kind === 'enum') {
    const option = causeOption(causeNode.options, cause.cause);
    if (option && (typeof option.value === 'string' || typeof option.value === 'number'))
      add('cause', option.value, cause.raw, pageSource(cause.at), cause.evidence);
  } else if (
    !cause &&
    causeNode?.kind === 'enum' &&
    policy &&
    /kfz|motor|auto|haftpflicht|liability/iu.test(policy.policy.product ?? '')
  ) {
    // A car or liability letter that names none of the perils (a collision, a marten, a knocked-over vase):
    // the schema's "other" option, offered.
    const option = causeOption(causeNode.options, 'other');
    if (option && (typeof option.value === 'string' || typeof option.value === 'number'))
      add('cause', option.value, policy.policy.product ?? '', fromPolicy!, 'cause-none-named');
  }

  const amount = chooseAmount(findAmounts(lines));
  if (amount) add('amount', amount.found.amount, amount.found.raw, pageSource(amount.found.at), amount.evidence);

  // The damage address comes from the letter only. Read after its label and the insured's own address, it
  // is taken in the platform's spelling; the insured's address is never filled when the letter names no
  // place (the damage is often elsewhere: a hotel, a car park, the parents' flat): it is offered, marked
  // "from the policy".
  const address = findAddress(lines);
  const insured = policy ? parseAddressText(policy.customer.address ?? '') : undefined;
  const raw = policy?.customer.address ?? '';
  const put = (
    a: { street: string; postalCode: string; city: string },
    text: string,
    source: DraftSource,
    evidence: Evidence,
  ) => {
    add('street', a.street, text, source, evidence);
    add('postalCode', a.postalCode, text, source, evidence);
    add('city', a.city, text, source, evidence);
  };
  if (address.found && insured && fromPolicy && sameAddress(address.found, insured))
    put(insured, raw, fromPolicy, 'address-read-insured');
  else if (address.found) {
    const read = address.found;
    const source = pageSource(read.at);
    add('street', read.street, read.raw, source, 'address-read');
    add('postalCode', read.postalCode, read.raw, source, 'address-read');
    // The town in the gazetteer's spelling where the postal code names it and the read town agrees.
    const town = confirmedTown(read.postalCode, read.city);
    if (town) add('city', town, read.raw, source, 'address-town-of-postal-code');
    else add('city', read.city, read.raw, source, 'address-read');
  } else if (insured && fromPolicy)
    put(insured, raw, fromPolicy, address.atInsured ? 'address-said-insured' : 'address-from-policy');

  const description = findDescription(lines);
  const descNode = targets.description?.node;
  if (description && descNode?.kind === 'string')
    add(
      'description',
      trimTo(description.text, descNode.maxLength),
      description.text,
      pageSource(description.at),
      'description-sentences',
    );

  // Into the form's own terms, then checked against the schema one by one.
  const base = initialFormValue(model);
  const values: DraftValue[] = [];
  for (const f of found) {
    const target = targets[f.field];
    if (!target) continue;
    const value = asFieldValue(target.node, f.value);
    if (value === undefined) continue;
    const refusal = refusalOf(model, base, target.path, value);
    const sure = fills(f.evidence, f.field);
    values.push({
      ...f,
      value,
      path: target.path,
      filled: sure && !refusal,
      ...(refusal ? { reason: 'refused-by-schema' as const, refusal } : !sure ? { reason: 'uncertain' as const } : {}),
    });
  }
  return {
    key: input.key,
    ...(input.schemaVersion !== undefined ? { schemaVersion: input.schemaVersion } : {}),
    values,
    problems,
  };
}

/** The value in the field's type: a number field takes the amount, a text field its text. */
function asFieldValue(node: FormNode, value: string | number): string | number | undefined {
  if (node.kind === 'number') return typeof value === 'number' ? value : undefined;
  if (node.kind === 'string') return typeof value === 'number' ? value.toFixed(2) : value;
  if (node.kind === 'enum') return value;
  return undefined;
}

/** The form validation's code for this field with this value, if the schema would refuse it. */
function refusalOf(model: FormModel, base: unknown, path: string, value: unknown): string | undefined {
  const next = setAtPath(base, parsePath(path), value);
  const errors = validateFormValue(model, toSubmitValue(model, next) ?? {});
  return errors.find((e) => e.path === path)?.code;
}
