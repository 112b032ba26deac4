import type { CaseChangeEvent, Change, KnownChange, KnownChangeProperty } from '../../../shared/platform/events';
import { KNOWN_CHANGE_PROPERTIES } from '../../../shared/platform/events';
import { formatBytes, formatDate, formatDateTime, formatMoney, translatorFor } from '../../i18n/i18n';
import type { Locale, Translate } from '../../i18n/i18n';
import { activityMessages } from './activity-messages';
import type { ActivityMessageKey } from './activity-messages';

/** One readable line of a case's timeline, with optional detail lines (file names, comments). */
export interface TimelineLine {
  property: string;
  text: string;
  details: string[];
}

export interface TimelineEvent {
  at: string;
  eventType: string;
  actor?: string;
  lines: TimelineLine[];
}

/** What a rule gets besides the change: texts and formats of one locale, dates in one time zone. */
interface Fmt {
  m: Translate<ActivityMessageKey>;
  locale: Locale;
  timeZone: string;
}
type Described = { text: string; details?: string[] };
type ChangeOf<P extends KnownChangeProperty> = Extract<KnownChange, { property: P }>;
type Describe<C> = (change: C, f: Fmt) => Described;

/** A message key `k` whose first-time form `k.set` exists too ("Reserve: {from} → {to}" / "Reserve: {to}"). */
type ValueLabel = {
  [K in ActivityMessageKey]: `${K}.set` extends ActivityMessageKey ? K : never;
}[ActivityMessageKey];

/**
 * A change of one value: "Label: old → new", or "Label: new" when there was none before, "(none)" when it
 * was removed. `showOld` where the old value reads shorter than the new one; `details` from the new value.
 */
function valueChange<V>(
  label: ValueLabel,
  show: (value: V, f: Fmt) => string,
  extra: { showOld?: (value: V, f: Fmt) => string; details?: (value: V) => string[] } = {},
): Describe<{ oldValue?: V | null; newValue?: V | null }> {
  return ({ oldValue, newValue }, f) => {
    const to = newValue != null ? show(newValue, f) : f.m('value.empty');
    const text =
      oldValue != null ? f.m(label, { from: (extra.showOld ?? show)(oldValue, f), to }) : f.m(`${label}.set`, { to });
    return { text, details: newValue != null && extra.details ? extra.details(newValue) : [] };
  };
}

const money = (v: { amount: number; currency: string }, f: Fmt) => formatMoney(f.locale, v.amount, v.currency);
const coverage = (v: NonNullable<ChangeOf<'Coverage'>['newValue']>, f: Fmt) => f.m(`coverage.${v.coverage}`);

/** How each change kind of the spec reads; a known property name means the shared schema parsed its shape. */
const DESCRIBE: { [P in KnownChangeProperty]: Describe<ChangeOf<P>> } = {
  Reserve: valueChange(
    'change.reserve',
    (v, f) => (v.reason ? `${money(v, f)} (${f.m(`reserveReason.${v.reason}`)})` : money(v, f)),
    { details: (v) => (v.comment ? [v.comment] : []) },
  ),
  CaseOwner: valueChange(
    'change.caseOwner',
    (v, f) => (v.type ? `${v.name} (${f.m(`owner.type.${v.type}`)})` : v.name),
    { details: (v) => (v.email ? [v.email] : []) },
  ),
  Regress: valueChange('change.regress', (v, f) => f.m(`regress.${v}`)),
  Deductible: valueChange('change.deductible', money),
  ShareOfVatPercent: valueChange(
    'change.vat',
    (v, f) => `${new Intl.NumberFormat(f.locale, { maximumFractionDigits: 2 }).format(v)} %`,
  ),
  AccidentDate: valueChange('change.accidentDate', (v, f) => formatDateTime(f.locale, v, f.timeZone)),
  Coverage: valueChange(
    'change.coverage',
    (v, f) => (v.context ? `${coverage(v, f)} (${f.m(`context.${v.context}`)})` : coverage(v, f)),
    { showOld: coverage, details: (v) => [v.policyCoverage, v.reason].filter((d): d is string => !!d) },
  ),
  CaseClosed: (c, f) => {
    const reason = c.terminationReason && c.terminationReason !== 'None' ? c.terminationReason : undefined;
    return {
      text: reason
        ? f.m('change.caseClosed', { reason: f.m(`termination.${reason}`) })
        : f.m('change.caseClosed.plain'),
      details: [
        ...(c.terminationReasonDescription ? [c.terminationReasonDescription] : []),
        ...(c.shouldBeClosedInOwnSystem ? [f.m('change.caseClosed.ownSystem')] : []),
      ],
    };
  },
  CaseReopened: (_, f) => ({ text: f.m('change.caseReopened') }),
  AttachmentsAdded: (c, f) => {
    const count = c.attachments.length;
    const rule = new Intl.PluralRules(f.locale).select(count) === 'one' ? 'one' : 'other';
    return {
      text: f.m(`change.attachmentsAdded.${rule}`, { count: String(count) }),
      details: c.attachments.map((a) => `${a.fileName} (${formatBytes(f.locale, a.fileSize)})`),
    };
  },
  AttachmentChanged: (c, f) => ({
    text: f.m('change.attachmentChanged', { id: c.id }),
    details: [
      ...(c.description !== undefined
        ? [f.m('change.attachmentChanged.description', { description: c.description })]
        : []),
      ...(c.isRestricted === true ? [f.m('change.attachmentChanged.restricted')] : []),
      ...(c.isRestricted === false ? [f.m('change.attachmentChanged.unrestricted')] : []),
    ],
  }),
};

function fmt(locale: Locale, timeZone: string): Fmt {
  return { m: translatorFor(activityMessages, locale), locale, timeZone };
}

/** Pure: the same event and locale always give the same text (dates in UTC unless a zone is given). */
export function describeEvent(event: CaseChangeEvent, locale: Locale, timeZone = 'UTC'): TimelineEvent {
  const actor = actorOf(event, fmt(locale, timeZone).m);
  return {
    at: event.timestamp,
    eventType: event.eventType,
    ...(actor !== undefined ? { actor } : {}),
    lines: event.changes.map((change) => describeChange(change, locale, timeZone)),
  };
}

export function describeChange(change: Change, locale: Locale, timeZone = 'UTC'): TimelineLine {
  const f = fmt(locale, timeZone);
  if (!isKnownChange(change.property)) return describeAdditionalField(change, f);
  // The table is typed per kind; TypeScript cannot tie a union value to its own entry, hence the one cast.
  const describe = DESCRIBE[change.property] as Describe<KnownChange>;
  const { text, details = [] } = describe(change as KnownChange, f);
  return { property: change.property, text, details };
}

/** Additional claim fields: the name is the platform's; values shown by their declared type and format. */
function describeAdditionalField(change: Change, f: Fmt): TimelineLine {
  const c = change as { property: string; type?: string; format?: string; newValue?: unknown; oldValue?: unknown };
  const show = (v: unknown) => formatAny(v, c.format, f);
  const field = c.property;
  let text: string;
  if (c.newValue === undefined || c.newValue === null) {
    text =
      c.oldValue === undefined
        ? f.m('change.field.set', { field, to: f.m('value.empty') })
        : f.m('change.field.cleared', { field, from: show(c.oldValue) });
  } else if (c.oldValue === undefined) {
    text = f.m('change.field.set', { field, to: show(c.newValue) });
  } else {
    text = f.m('change.field', { field, from: show(c.oldValue), to: show(c.newValue) });
  }
  return { property: field, text, details: [] };
}

function formatAny(value: unknown, format: string | undefined, f: Fmt): string {
  if (value === null || value === undefined || value === '') return f.m('value.empty');
  if (typeof value === 'boolean') return f.m(value ? 'value.yes' : 'value.no');
  if (typeof value === 'number') return new Intl.NumberFormat(f.locale).format(value);
  if (typeof value === 'string') {
    if (format === 'date-time' && !Number.isNaN(Date.parse(value))) return formatDateTime(f.locale, value, f.timeZone);
    if (format === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(f.locale, value);
    return value;
  }
  return JSON.stringify(value);
}

function actorOf(event: CaseChangeEvent, m: Fmt['m']): string | undefined {
  const by = event.changedBy;
  if (!by) return undefined;
  if (by.type === 'automatic') return by.name ? `${m('actor.automatic')} (${by.name})` : m('actor.automatic');
  const name = by.fullName ?? by.name ?? by.username ?? by.email;
  return name ? m('actor.user', { name }) : undefined;
}

/** Whether a change has a fixed shape in the spec (the rest are additional claim fields). */
function isKnownChange(property: string): property is KnownChangeProperty {
  return (KNOWN_CHANGE_PROPERTIES as readonly string[]).includes(property);
}
