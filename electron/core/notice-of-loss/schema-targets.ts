/**
 * Which field of the platform's case schema takes which value of a notice of loss. The schema is the
 * platform's (any key, any version), so nothing here names the sandbox's property names: a field is chosen by
 * what the schema says about it — its kind, format, enum and the words of its name, title and description.
 * This table is the one place that mapping lives (docs/capture.md, "A case from a notice of loss").
 */
import type { NoticeField } from '../../../shared/domain/case-draft';
import type { EnumOption, FormNode, FormNodeKind } from '../../../shared/forms/form-model';
import { childPath } from '../../../shared/forms/form-paths';
import type { Cause } from './find-cause';
import { CAUSE_OPTION_WORDS } from './find-cause';
import { fold } from './notice-lines';

interface TargetRule {
  kinds: FormNodeKind[];
  /** The node's format must be this (a date field for the date of loss). */
  format?: string;
  /** Words of the node (name split at capitals, title, description), lower case. */
  words: RegExp;
  not?: RegExp;
  /** Words of the object the node sits in (the claimant, the damage address). */
  parent?: RegExp;
}

const PERSON = /claimant|anspruch|policy ?holder|versicherungsnehmer|insured|customer|kunde|reporter|melder|person/u;
const PLACE =
  /damage ?address|schadenort|schadensort|schadenanschrift|schadenadresse|loss ?(location|address)|place of loss|risk ?(address|location)|incident ?address|risikoort/u;

export const TARGET_RULES: Record<NoticeField, TargetRule> = {
  policyNumber: {
    kinds: ['string'],
    words: /polic|versicherungs ?schein|vertrags? ?(nummer|nr)|vertragsnummer/u,
    not: /holder|nehmer|start|beginn|end/u,
  },
  lossDate: {
    kinds: ['string'],
    format: 'date',
    words: /accident|loss|damage|incident|event|schaden|unfall|ereignis|occurr/u,
    not: /report|melde|birth|geburt|purchase|kauf|start|beginn/u,
  },
  caseType: {
    kinds: ['enum'],
    words: /case ?type|claim ?type|schadenart|fallart|sparte|line of business|kind of (loss|claim)/u,
  },
  cause: { kinds: ['enum'], words: /cause|ursache|peril|gefahr|reason/u },
  amount: {
    kinds: ['number'],
    words: /amount|betrag|hohe|estimate|geschatzt|schatz|loss value|schadenwert|cost|kosten/u,
    not: /percent|%|vat|steuer|tax|quantity|anzahl|deductible|selbstbeteiligung/u,
  },
  description: {
    kinds: ['string'],
    words: /descri|beschreib|hergang|what happened|was ist passiert|circumstances|umstande|details|schilderung/u,
  },
  claimantSalutation: { kinds: ['enum'], words: /salutation|anrede|title/u, parent: PERSON },
  claimantFirstName: { kinds: ['string'], words: /first|vorname|given/u, parent: PERSON },
  claimantLastName: { kinds: ['string'], words: /last|nachname|surname|family/u, parent: PERSON },
  street: {
    kinds: ['string'],
    words: /street|strase|strasse|address ?line|adresse|anschrift/u,
    not: /2|zusatz|addition/u,
    parent: PLACE,
  },
  postalCode: { kinds: ['string'], words: /postal|zip|plz|postleitzahl|post code|postcode/u, parent: PLACE },
  city: { kinds: ['string'], words: /city|\bort\b|town|stadt|gemeinde/u, not: /postleitzahl/u, parent: PLACE },
};

/** "accidentDate" → "accident date", with the title and description. */
function wordsOf(node: FormNode): string {
  const name = node.name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]/g, ' ');
  return fold(`${name} ${node.label} ${node.description ?? ''}`).toLowerCase();
}

export interface Target {
  path: string;
  node: FormNode;
}

/** Every value field of the form (objects walked, arrays not: one letter fills one case, not a list). */
function* walk(
  node: FormNode,
  path: string,
  parentWords: string,
): Generator<{ node: FormNode; path: string; parentWords: string }> {
  if (node.readOnly) return;
  if (node.kind === 'object') {
    const here = path === '' ? '' : wordsOf(node);
    for (const child of node.properties) yield* walk(child, childPath(path, child.name), here);
    return;
  }
  if (path !== '') yield { node, path, parentWords };
}

/** The field of `root` for each notice value the schema has one for (the first that fits, in form order). */
export function findTargets(root: FormNode): Partial<Record<NoticeField, Target>> {
  const out: Partial<Record<NoticeField, Target>> = {};
  const used = new Set<string>();
  const fields = Object.keys(TARGET_RULES) as NoticeField[];
  for (const { node, path, parentWords } of walk(root, '', '')) {
    const words = wordsOf(node);
    for (const field of fields) {
      const rule = TARGET_RULES[field];
      if (out[field] || used.has(path) || !rule.kinds.includes(node.kind)) continue;
      if (rule.format && !(node.kind === 'string' && node.format === rule.format)) continue;
      // A field inside the claimant or the damage address is only ever one of theirs.
      if (rule.parent ? !rule.parent.test(parentWords) : PLACE.test(parentWords) || PERSON.test(parentWords)) continue;
      if (!rule.words.test(words) || rule.not?.test(words)) continue;
      out[field] = { path, node };
      used.add(path);
    }
  }
  return out;
}

/** The option of an enum whose value or title names `cause`, if exactly one does. */
export function causeOption(options: readonly EnumOption[], cause: Cause): EnumOption | undefined {
  const hits = options.filter((o) =>
    CAUSE_OPTION_WORDS[cause].test(fold(`${String(o.value)} ${o.label}`).toLowerCase()),
  );
  return hits.length === 1 ? hits[0] : undefined;
}

/** The policy's product → the kind of case, and the words naming that kind in an option of the schema. */
export const PRODUCT_CASE_TYPES: { product: RegExp; option: RegExp }[] = [
  {
    product: /hausrat|wohngebaude|gebaude|household|home|contents|building|property|sach/iu,
    option: /property|sach|gebaude|hausrat|home/iu,
  },
  { product: /kfz|auto|pkw|motor|car|vehicle|fahrzeug/iu, option: /motor|kfz|auto|vehicle|fahrzeug/iu },
  { product: /haftpflicht|liability/iu, option: /liability|haftpflicht/iu },
];

export function caseTypeOption(options: readonly EnumOption[], product: string): EnumOption | undefined {
  const kind = PRODUCT_CASE_TYPES.find((k) => k.product.test(fold(product)));
  if (!kind) return undefined;
  const hits = options.filter((o) => kind.option.test(fold(`${String(o.value)} ${o.label}`)));
  return hits.length === 1 ? hits[0] : undefined;
}
