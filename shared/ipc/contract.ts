import type { z } from 'zod';
import { appEvents, appInvokes } from './channels/app';
import { captureEvents, captureInvokes } from './channels/capture';
import { caseEvents, caseInvokes } from './channels/cases';
import { checkInvokes } from './channels/checks';
import { documentEvents, documentInvokes } from './channels/documents';
import { platformInvokes } from './channels/platform';
import { settingsEvents, settingsInvokes } from './channels/settings';
import { pageInvokes } from './channels/pages';
import { suggestionInvokes } from './channels/suggestions';
import { folderInvokes } from './channels/folders';
import { draftInvokes } from './channels/drafts';
import { scanningInvokes } from './channels/scanning';
import { officeInvokes } from './channels/office';

/**
 * The one IPC contract. Every invoke takes one object and resolves to a result; every event carries one
 * object. Preload, main, the web shell and the renderer all take channel names and types from here, and
 * every message is parsed with these schemas where it crosses a process boundary.
 */
export const invokes = {
  ...appInvokes,
  ...documentInvokes,
  ...platformInvokes,
  ...settingsInvokes,
  ...caseInvokes,
  ...checkInvokes,
  ...suggestionInvokes,
  ...pageInvokes,
  ...folderInvokes,
  ...draftInvokes,
  ...captureInvokes,
  ...scanningInvokes,
  ...officeInvokes,
};
export const events = {
  ...appEvents,
  ...documentEvents,
  ...settingsEvents,
  ...caseEvents,
  ...captureEvents,
};

export type InvokeChannel = keyof typeof invokes;
export type EventChannel = keyof typeof events;
/** What the caller passes (defaults may be omitted). */
export type InvokeRequest<C extends InvokeChannel> = z.input<(typeof invokes)[C]['request']>;
/** What the handler receives (after parsing: defaults filled in). */
export type InvokeParsedRequest<C extends InvokeChannel> = z.output<(typeof invokes)[C]['request']>;
export type InvokeResponse<C extends InvokeChannel> = z.output<(typeof invokes)[C]['response']>;
export type EventPayload<E extends EventChannel> = z.output<(typeof events)[E]>;

export function isInvokeChannel(name: unknown): name is InvokeChannel {
  return typeof name === 'string' && Object.hasOwn(invokes, name);
}
export function isEventChannel(name: unknown): name is EventChannel {
  return typeof name === 'string' && Object.hasOwn(events, name);
}

/** Names of the IPC channels in Electron: one prefix, so main can ignore anything else. */
export const IPC_INVOKE_PREFIX = 'intake:invoke:';
export const IPC_EVENT_CHANNEL = 'intake:event';
