import type { CaseChangeEvent, Change, KnownChange } from '../../../shared/platform/events';
import { KNOWN_CHANGE_PROPERTIES } from '../../../shared/platform/events';
import { activityMessagesDe, activityMessagesEn } from './activity-messages';
import type { ActivityMessageKey } from './activity-messages';

export type ActivityLocale = 'en' | 'de';

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

const catalogs: Record<ActivityLocale, Record<ActivityMessageKey, string>> = {
  en: activityMessagesEn,
  de: activityMessagesDe,
};

/** Pure: the same event and locale always give the same text (dates in UTC unless a zone is given). */
export function describeEvent(event: CaseChangeEvent, locale: ActivityLocale, timeZone = 'UTC'): TimelineEvent {
  const m = messages(locale);
  const actor = actorOf(event, m);
  return {
    at: event.timestamp,
    eventType: event.eventType,
    ...(actor !== undefined ? { actor } : {}),
    lines: event.changes.map((change) => describeChange(change, locale, timeZone)),
  };
}

export function describeChange(input: Change, locale: ActivityLocale, timeZone = 'UTC'): TimelineLine {
  if (!isKnownChange(input.property)) return describeAdditionalField(input, locale, timeZone);
  // A known property name means the shared schema parsed it with that kind's shape.
  const change = input as KnownChange;
  const m = messages(locale);
  const line = (text: string, details: string[] = []): TimelineLine => ({ property: change.property, text, details });
  const pair = (base: ActivityMessageKey, setKey: ActivityMessageKey, from: string | undefined, to: string) =>
    from === undefined ? m(setKey, { to }) : m(base, { from, to });
  const money = (v: { amount: number; currency: string }) => formatMoney(locale, v.amount, v.currency);
  const empty = m('value.empty');

  switch (change.property) {
    case 'Reserve': {
      const show = (v: NonNullable<typeof change.newValue>) =>
        v.reason ? `${money(v)} (${m(`reserveReason.${v.reason}`)})` : money(v);
      const details = change.newValue?.comment ? [change.newValue.comment] : [];
      return line(
        pair(
          'change.reserve',
          'change.reserve.set',
          change.oldValue ? show(change.oldValue) : undefined,
          change.newValue ? show(change.newValue) : empty,
        ),
        details,
      );
    }
    case 'CaseOwner': {
      const show = (v: NonNullable<typeof change.newValue>) =>
        v.type ? `${v.name} (${m(`owner.type.${v.type}`)})` : v.name;
      return line(
        pair(
          'change.caseOwner',
          'change.caseOwner.set',
          change.oldValue ? show(change.oldValue) : undefined,
          change.newValue ? show(change.newValue) : empty,
        ),
        change.newValue?.email ? [change.newValue.email] : [],
      );
    }
    case 'Regress':
      return line(
        pair(
          'change.regress',
          'change.regress.set',
          change.oldValue ? m(`regress.${change.oldValue}`) : undefined,
          change.newValue ? m(`regress.${change.newValue}`) : empty,
        ),
      );
    case 'Deductible':
      return line(
        pair(
          'change.deductible',
          'change.deductible.set',
          change.oldValue ? money(change.oldValue) : undefined,
          change.newValue ? money(change.newValue) : empty,
        ),
      );
    case 'ShareOfVatPercent': {
      const pct = (v: number) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(v)} %`;
      return line(
        pair(
          'change.vat',
          'change.vat.set',
          change.oldValue != null ? pct(change.oldValue) : undefined,
          change.newValue != null ? pct(change.newValue) : empty,
        ),
      );
    }
    case 'AccidentDate': {
      const when = (v: string) => formatDateTime(locale, v, timeZone);
      return line(
        pair(
          'change.accidentDate',
          'change.accidentDate.set',
          change.oldValue ? when(change.oldValue) : undefined,
          change.newValue ? when(change.newValue) : empty,
        ),
      );
    }
    case 'CaseClosed': {
      const reason =
        change.terminationReason && change.terminationReason !== 'None' ? change.terminationReason : undefined;
      const details = [
        ...(change.terminationReasonDescription ? [change.terminationReasonDescription] : []),
        ...(change.shouldBeClosedInOwnSystem ? [m('change.caseClosed.ownSystem')] : []),
      ];
      return line(
        reason ? m('change.caseClosed', { reason: m(`termination.${reason}`) }) : m('change.caseClosed.plain'),
        details,
      );
    }
    case 'CaseReopened':
      return line(m('change.caseReopened'));
    case 'AttachmentsAdded': {
      const count = change.attachments.length;
      const rule = new Intl.PluralRules(locale).select(count) === 'one' ? 'one' : 'other';
      return line(
        m(`change.attachmentsAdded.${rule}`, { count: String(count) }),
        change.attachments.map((a) => `${a.fileName} (${formatBytes(locale, a.fileSize)})`),
      );
    }
    case 'AttachmentChanged': {
      const details = [
        ...(change.description !== undefined
          ? [m('change.attachmentChanged.description', { description: change.description })]
          : []),
        ...(change.isRestricted === true ? [m('change.attachmentChanged.restricted')] : []),
        ...(change.isRestricted === false ? [m('change.attachmentChanged.unrestricted')] : []),
      ];
      return line(m('change.attachmentChanged', { id: change.id }), details);
    }
    case 'Coverage': {
      const show = (v: NonNullable<typeof change.newValue>) => m(`coverage.${v.coverage}`);
      const to = change.newValue
        ? change.newValue.context
          ? `${show(change.newValue)} (${m(`context.${change.newValue.context}`)})`
          : show(change.newValue)
        : empty;
      const details = [change.newValue?.policyCoverage, change.newValue?.reason].filter((d): d is string => !!d);
      return line(
        pair('change.coverage', 'change.coverage.set', change.oldValue ? show(change.oldValue) : undefined, to),
        details,
      );
    }
  }
}

/** Additional claim fields: the name is the platform's; values shown by their declared type and format. */
function describeAdditionalField(change: Change, locale: ActivityLocale, timeZone: string): TimelineLine {
  const m = messages(locale);
  const c = change as { property: string; type?: string; format?: string; newValue?: unknown; oldValue?: unknown };
  const show = (v: unknown) => formatAny(v, c.format, locale, timeZone, m);
  const field = c.property;
  let text: string;
  if (c.newValue === undefined || c.newValue === null) {
    text =
      c.oldValue === undefined
        ? m('change.field.set', { field, to: m('value.empty') })
        : m('change.field.cleared', { field, from: show(c.oldValue) });
  } else if (c.oldValue === undefined) {
    text = m('change.field.set', { field, to: show(c.newValue) });
  } else {
    text = m('change.field', { field, from: show(c.oldValue), to: show(c.newValue) });
  }
  return { property: field, text, details: [] };
}

function formatAny(
  value: unknown,
  format: string | undefined,
  locale: ActivityLocale,
  timeZone: string,
  m: Translate,
): string {
  if (value === null || value === undefined || value === '') return m('value.empty');
  if (typeof value === 'boolean') return m(value ? 'value.yes' : 'value.no');
  if (typeof value === 'number') return new Intl.NumberFormat(locale).format(value);
  if (typeof value === 'string') {
    if (format === 'date-time' && !Number.isNaN(Date.parse(value))) return formatDateTime(locale, value, timeZone);
    if (format === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${value}T00:00:00Z`),
      );
    }
    return value;
  }
  return JSON.stringify(value);
}

function actorOf(event: CaseChangeEvent, m: Translate): string | undefined {
  const by = event.changedBy;
  if (!by) return undefined;
  if (by.type === 'automatic') return by.name ? `${m('actor.automatic')} (${by.name})` : m('actor.automatic');
  const name = by.fullName ?? by.name ?? by.username ?? by.email;
  return name ? m('actor.user', { name }) : undefined;
}

type Translate = (key: ActivityMessageKey, values?: Record<string, string>) => string;

function messages(locale: ActivityLocale): Translate {
  const catalog = catalogs[locale];
  return (key, values = {}) =>
    (catalog[key] ?? activityMessagesEn[key]).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

export function formatMoney(locale: ActivityLocale, amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    // Not an ISO 4217 code: show it as given rather than fail the whole timeline.
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

function formatDateTime(locale: ActivityLocale, iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

function formatBytes(locale: ActivityLocale, bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let i = 0;
  let v = bytes;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: i === 0 ? 0 : 1 }).format(v)} ${units[i]}`;
}

/** Whether a change has a fixed shape in the spec (the rest are additional claim fields). */
export function isKnownChange(property: string): boolean {
  return (KNOWN_CHANGE_PROPERTIES as readonly string[]).includes(property);
}
