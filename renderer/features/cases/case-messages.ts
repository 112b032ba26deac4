import type { Catalogs } from '../../i18n/i18n';

/** Texts of the create-case screen (the form's own texts: renderer/forms/schema-form-messages.ts). */
const en = {
  'case.title': 'Create case',
  'case.schema': 'Form: {title} ({key})',
  'case.schemaFromCache': 'The platform could not be reached; this is the stored copy from {at}.',
  'case.loadingSchema': 'Loading the case form…',
  'case.reloadSchema': 'Reload form',
  'case.forDocument': 'The new case number will be set on {file}.',
  'case.unlinkDocument': 'Create the case without this document',
  'case.hasNumberConfirmed': '{file} already carries case number {number}, confirmed by the platform.',
  'case.hasNumberUnconfirmed': '{file} already carries case number {number}, not confirmed by the platform.',
  'case.replaceNumber': 'Replace {number} with the new case number',
  'case.keepNumber': 'Unless you tick this, {file} keeps {number} and the case is created without it.',
  'case.documentKept': '{file} keeps case number {had}; case {number} was created without changing it.',
  'case.noDocument':
    'No document is changed: the case is created on its own. To give a document the new case number, use “New case…” beside its case number in the inbox.',
  'case.policy': 'Policy',
  'case.policySearch': 'Find a policy (name, customer or policy number)',
  'case.policySearchButton': 'Search',
  'case.policyUse': 'Use',
  'case.policyChosen': 'Policy {number} of {name} is used to fill the form.',
  'case.policyNone': 'No customer found.',
  'case.create': 'Create case',
  'case.creating': 'Creating case…',
  'case.newForm': 'Start a new case',
  'case.fixFirst':
    '{count, plural, one {# field needs} other {# fields need}} attention before the case can be created.',
  'case.refused': 'The platform did not create the case:',
  'case.warnings': 'The platform reported warnings:',
  'case.created': 'Case {number} created.',
  'case.createdNoNumber': 'The case was created.',
  'case.repeated': 'This case had already been created by this form; nothing new was created.',
  'case.documentTagged': '{file} now carries case number {number} and can be submitted in the inbox.',
  'case.openCase': 'Open case on the platform',
  'case.caseLink': 'Case address',
  'case.toInbox': 'Go to the inbox',
  'case.activity': 'Show case activity',
  'case.schemaVersion': 'Form: {title} ({key}), version {version}',
  'case.documentAlreadySent':
    '{file} has already been sent to the platform, so it cannot take the new case number. The case is created without a document.',
  'case.documentNotTagged':
    '{file} could not take case number {number}: it had already been sent. Nothing else needs doing for the case.',
} as const;
export type CaseMessageKey = keyof typeof en;

const de: Record<CaseMessageKey, string> = {
  'case.title': 'Fall anlegen',
  'case.schema': 'Formular: {title} ({key})',
  'case.schemaFromCache': 'Die Plattform war nicht erreichbar; dies ist die gespeicherte Fassung vom {at}.',
  'case.loadingSchema': 'Formular wird geladen…',
  'case.reloadSchema': 'Formular neu laden',
  'case.forDocument': 'Die neue Schadennummer wird bei {file} eingetragen.',
  'case.unlinkDocument': 'Fall ohne dieses Dokument anlegen',
  'case.hasNumberConfirmed': '{file} hat schon die Schadennummer {number}, von der Plattform bestätigt.',
  'case.hasNumberUnconfirmed': '{file} hat schon die Schadennummer {number}, nicht von der Plattform bestätigt.',
  'case.replaceNumber': '{number} durch die neue Schadennummer ersetzen',
  'case.keepNumber': 'Ohne dieses Häkchen behält {file} die {number}, und der Fall wird ohne das Dokument angelegt.',
  'case.documentKept': '{file} behält die Schadennummer {had}; Fall {number} wurde angelegt, ohne es zu ändern.',
  'case.noDocument':
    'Kein Dokument wird geändert: Der Fall wird für sich angelegt. Um einem Dokument die neue Schadennummer zu geben, im Eingang neben seiner Schadennummer „Neuer Fall…“ wählen.',
  'case.policy': 'Vertrag',
  'case.policySearch': 'Vertrag suchen (Name, Kunden- oder Vertragsnummer)',
  'case.policySearchButton': 'Suchen',
  'case.policyUse': 'Übernehmen',
  'case.policyChosen': 'Vertrag {number} von {name} füllt das Formular vor.',
  'case.policyNone': 'Kein Kunde gefunden.',
  'case.create': 'Fall anlegen',
  'case.creating': 'Fall wird angelegt…',
  'case.newForm': 'Neuen Fall beginnen',
  'case.fixFirst': '{count, plural, one {# Feld} other {# Felder}} bitte prüfen, bevor der Fall angelegt werden kann.',
  'case.refused': 'Die Plattform hat den Fall nicht angelegt:',
  'case.warnings': 'Die Plattform meldet Hinweise:',
  'case.created': 'Fall {number} angelegt.',
  'case.createdNoNumber': 'Der Fall wurde angelegt.',
  'case.repeated': 'Dieser Fall war mit diesem Formular schon angelegt; es wurde nichts Neues angelegt.',
  'case.documentTagged': '{file} trägt jetzt die Schadennummer {number} und kann im Eingang übermittelt werden.',
  'case.openCase': 'Fall auf der Plattform öffnen',
  'case.caseLink': 'Adresse des Falls',
  'case.toInbox': 'Zum Eingang',
  'case.activity': 'Fallverlauf anzeigen',
  'case.schemaVersion': 'Formular: {title} ({key}), Version {version}',
  'case.documentAlreadySent':
    '{file} wurde schon an die Plattform gesendet und kann die neue Schadennummer nicht mehr bekommen. Der Fall wird ohne Dokument angelegt.',
  'case.documentNotTagged':
    '{file} konnte die Schadennummer {number} nicht mehr bekommen, weil es schon gesendet war. Für den Fall ist nichts weiter zu tun.',
};

export const caseMessages: Catalogs<CaseMessageKey> = { en, de };
