import type { Catalogs } from '../../shared/i18n/translate';

/**
 * A plain sentence for every error code the core sends (and every error type the platform's inbox names),
 * in each language: what happened and what happens next. The technical text stays behind "Details"
 * (app/error-banner.tsx). test/unit/error-codes.test.ts fails when the core gains a code without one here.
 */
const en = {
  'error.app.unavailable': 'This function is not available in this installation.',
  'error.ipc.disconnected': 'Lost the connection to Intake Desk. It reconnects by itself; try again in a moment.',
  'error.ipc.invalid_response':
    'Intake Desk sent an answer this screen cannot read. Try again; if it stays, restart the app.',
  'error.ipc.invalid_request': 'Some values are not valid. Check the marked fields and try again.',
  'error.ipc.unknown_channel': 'This screen asked for something Intake Desk does not offer. Restart the app.',
  'error.local.error': 'Something went wrong in Intake Desk. Try again; the log has the details.',
  'error.auth.invalid_client':
    'The platform did not accept the client id and secret or key. Check them in Settings; uploads wait meanwhile.',
  'error.auth.token_endpoint_unreachable':
    'The sign-in server cannot be reached. Documents stay queued and are sent once it answers.',
  'error.auth.clock_skew':
    "The platform refused the sign-in because this computer's clock is off. Set the correct time; uploads wait meanwhile.",
  'error.auth.insufficient_scope':
    'The platform does not allow this for our client. Ask the platform administrator for the missing permission.',
  'error.auth.invalid_scope': 'The platform refused the permissions we asked for. Check the scopes in Settings.',
  'error.auth.token_rejected':
    'The platform did not accept our sign-in. It signs in again by itself; if this stays, check the credentials in Settings.',
  'error.auth.unauthorized_client':
    'The platform does not allow this client to sign in this way. Check the sign-in method in Settings.',
  'error.auth.insecure_token_url':
    'The sign-in address is not secure (https), so no secret is sent to it. Correct it in Settings.',
  'error.auth.missing_secret':
    'No client secret or key is stored for this environment. Enter it in Settings; uploads wait meanwhile.',
  'error.auth.no_client_id': 'No client id is set for this environment. Enter it in Settings; uploads wait meanwhile.',
  'error.auth.token_redirect':
    'The sign-in server answered with a redirect, which is not followed for safety. Check the token address in Settings.',
  'error.auth.expired': 'The sign-in expired and could not be renewed. Check the credentials in Settings.',
  'error.case.rejected': 'The platform did not create the case. Check the marked fields and try again.',
  'error.cases.request_reused':
    'This form was already sent with other values. Start a new case to send different ones.',
  'error.content.range': 'A part of the file could not be read for the preview. Try again.',
  'error.document.not_found': 'This document is no longer in the list. It may have been handled on another screen.',
  'error.document.state': 'This document cannot do that in its current state. The list shows its state now.',
  'error.file.empty': 'The file is empty, so it is not sent. Scan it again.',
  'error.file.read_failed': 'The file could not be read. Check that it is not open elsewhere, then try again.',
  'error.file.missing': "The document's file is gone from the spool. Drop or scan it again.",
  'error.file.not_regular': 'This is not a normal file (a link or a device), so it is not taken.',
  'error.file.outside_folder': 'The file is outside the watched folder, so it is not taken.',
  'error.file.unreadable': 'The file could not be opened. It is taken as soon as it can be read.',
  'error.folder.pattern':
    "The folder's file-name pattern is not valid. Correct it in Settings; the folder is not watched meanwhile.",
  'error.storage.full':
    'The disk of the data folder is full. Nothing is lost; work goes on by itself once there is space.',
  'error.storage.quota':
    "This user's disk quota is used up. Nothing is lost; work goes on by itself once IT raises it.",
  'error.storage.read_only':
    'The queue database or the data folder is read-only. Nothing is lost; work goes on by itself once IT makes it writable.',
  'error.storage.no_access':
    'This user may not write to the data folder. Nothing is lost; work goes on by itself once IT fixes the access rights.',
  'error.import.name': 'The file has no usable name. Rename it and drop it again.',
  'error.import.name_control':
    'The file name contains a line break or another control character. Rename the file and drop it again.',
  'error.import.name_too_long': 'The file name is too long. Give the file a shorter name and drop it again.',
  'error.import.not_a_file': 'Only files can be dropped, not folders.',
  'error.import.unreadable':
    'The dropped file could not be read. Check that it is not open elsewhere, then drop it again.',
  'error.drafts.document_not_open': 'The document is no longer in the inbox, so what was typed for it cannot be kept.',
  'error.import.too_large': 'The file is larger than the platform accepts (2 GiB). Split it or scan it again in parts.',
  'error.folders.no_dialog':
    "This window cannot open a folder dialog. Type the folder's path; it is checked as you type.",
  'error.inbox.rejected':
    'The platform did not accept the document. It stays in the inbox; correct it and send it again.',
  'error.network.offline': 'The platform cannot be reached. Documents stay queued and are sent when it is back.',
  'error.network.reset': 'The connection broke off. The document is sent again by itself; nothing is lost.',
  'error.network.unreachable':
    'The platform cannot be reached. Check the network; documents stay queued and are sent when it is back.',
  'error.network.connection_lost':
    'The connection to the platform broke off. Intake Desk tries again by itself; a document is stored only once.',
  'error.network.proxy_auth': 'The proxy server wants a sign-in. Ask IT to allow Intake Desk; uploads wait meanwhile.',
  'error.network.proxy_refused':
    'The proxy server refused the connection to the platform. Ask IT to allow the platform address.',
  'error.network.proxy_tunnel_failed':
    'The proxy server could not reach the platform. Uploads are tried again by themselves.',
  'error.network.timeout': 'The platform did not answer in time. The document is sent again by itself.',
  'error.platform.unreachable': 'The platform cannot be reached. Documents stay queued and are sent when it is back.',
  'error.platform.ambiguous':
    'The platform answered in a way that may or may not mean it took the document. It is sent again safely; the platform keeps it only once.',
  'error.platform.invalid_response':
    'The platform sent an answer Intake Desk cannot read. It is tried again by itself.',
  'error.platform.malformed_json': 'The platform sent an answer Intake Desk cannot read. It is tried again by itself.',
  'error.platform.not_found': 'The platform does not know this (for example a claim number). Check the number.',
  'error.platform.rate_limited': 'The platform is busy. Intake Desk waits as asked and tries again by itself.',
  'error.platform.server_error': 'The platform had a problem. Intake Desk tries again by itself.',
  'error.platform.too_large': 'The platform does not accept files this large. Split the document and send the parts.',
  'error.platform.unavailable': 'The platform is busy or down for maintenance. Intake Desk tries again by itself.',
  'error.platform.validation': 'The platform did not accept the values. Correct them and send the document again.',
  'error.platform.rejected': 'The platform did not accept the document. Correct it and send it again.',
  'error.queue.closed': 'Intake Desk is shutting down. Try again after it has started.',
  'error.request.cancelled': 'Cancelled.',
  'error.request.invalid': 'Some values are not valid. Check them and try again.',
  'error.request.prepare_failed': 'The upload could not be prepared. Try again; the log has the details.',
  'error.content.changed':
    'The document changed while its pages were being kept for the office. It is kept again by itself; nothing was lost.',
  'error.content.copy_failed':
    'This document could not be brought to this station. Try again; if it keeps failing, check the disk space on this computer.',
  'error.content.missing':
    'This document is not on this station yet, and the office does not have it either. Open it at the station that took it in, or try again later.',
  'error.content.store_failed':
    'This document could not be kept for the other stations. It stays on this station and is tried again by itself.',
  'error.content.torn':
    'The copy of this document that arrived here was incomplete and was thrown away. Try again; the original is unchanged.',
  'error.office.empty_password': 'Enter the office database password before saving.',
  'error.office.invalid_database':
    'The office database address is not valid: write it as postgres://USER@HOST:PORT/DATABASE, without the password.',
  'error.office.held':
    'This document is open at {station} by {clerk} since {since}. Nothing was changed; your values stay in the form until it is free again.',
  'error.office.refused':
    'The office database refused this station (password, user or database). Nothing new is taken; ask IT to check the office database settings.',
  'error.office.schema_newer':
    'The office database was set up by a newer Intake Desk. Update this station; until then it takes nothing from the office.',
  'error.office.unreachable':
    'The office database cannot be reached. Nothing new is taken and your typing is kept; it goes on by itself when the database is back.',
  'error.secrets.bad_token_url': 'The sign-in address is not valid. Correct it in Settings.',
  'error.secrets.empty': 'Enter a value before saving.',
  'error.secrets.file_corrupt': 'The stored credentials are damaged. Enter the secret or key again in Settings.',
  'error.secrets.file_unreadable': 'The stored credentials cannot be read. Enter the secret or key again in Settings.',
  'error.secrets.keychain_unavailable':
    "The system's keychain is not available, so no secret can be stored or read. Unlock it or ask IT.",
  'error.secrets.encrypted_private_key':
    'The key is protected with a passphrase. Export it without one and import it again.',
  'error.secrets.invalid_private_key':
    'This is not a private key Intake Desk can use. Check the file (PEM, RSA or EC).',
  'error.secrets.plain_text':
    'The secret would be stored unprotected, so it is not stored. Ask IT to set up the keychain.',
  'error.secrets.unavailable': 'The credentials cannot be read right now. Uploads wait; try again in a moment.',
  'error.secrets.unreadable': 'The stored credentials cannot be read. Enter the secret or key again in Settings.',
  'error.settings.corrupt':
    'The settings file is damaged; Intake Desk runs on defaults. Check the settings and save them.',
  'error.settings.invalid': 'Some settings are not valid. Check the marked fields.',
  'error.settings.not_loaded': 'The settings are not loaded yet. Try again in a moment.',
  'error.settings.unknown_environment': 'The chosen environment does not exist. Choose another one in Settings.',
  'error.settings.locked': 'Your IT department fixed these settings for this computer; they cannot be changed here.',
  'error.upload.cancelled': 'The upload was cancelled. The document is back in the inbox.',
  'error.tagging.press_elsewhere':
    'Ctrl+Enter was pressed on a document that has left the inbox since (merged or removed): nothing was sent for it.',
  'error.tagging.presses_dropped':
    'Ctrl+Enter was also pressed on other documents while this one was being sent. Since this one was not sent, they were not sent either; what you typed in them is kept (✎). Press Ctrl+Enter again on each.',
  'platformError.missing_file': 'The platform received no file. The document is sent again.',
  'platformError.empty_file': 'The platform received an empty file. Scan the document again.',
  'platformError.invalid_multipart': 'The platform could not read the upload. It is sent again.',
  'platformError.invalid_header':
    'The platform did not accept one of the values. Check the fields and send the document again.',
  'platformError.unsupported_media_type':
    'The platform does not accept this kind of file. Save it as PDF and send it again.',
  'platformError.file_too_large': 'The file is larger than the platform accepts. Split it and send the parts.',
  'platformError.case_not_found':
    'The platform has no case with this case number. Correct the number and send the document again.',
  'platformError.invalid_path': 'The platform address in Settings is wrong. Check the environment in Settings.',
  'platformError.idempotency_key_in_use':
    'The platform is still taking this document from an earlier attempt. Intake Desk waits and tries again.',
  'platformError.idempotency_key_reused':
    'The platform already has a different document under this upload. Send the document again from the inbox.',
  'error.app.unexpected': 'Something unexpected went wrong. Try again; the log has the details.',
  'error.content.http': 'The file could not be loaded for the preview. Try again.',
  'error.import.no_path':
    'This file cannot be taken from where it was dropped. Save it to a folder first, then drop it again.',
  'error.ipc.method': 'This screen asked Intake Desk in a way it does not accept. Restart the app.',
  'error.ipc.unauthenticated':
    'This page is not signed in to Intake Desk. Open it again from the address Intake Desk printed.',
  'error.ipc.untrusted_sender': 'This page is not allowed to talk to Intake Desk.',
  'error.platform.duplicate_idempotency_key': 'The platform already has this upload. Nothing more needs to be done.',
  'error.auth.internal': 'Signing in failed inside Intake Desk. Try again; the log has the details.',
  'error.auth.invalid_private_key': 'The stored key cannot be used to sign in. Import the key again in Settings.',
  'error.auth.invalid_token_response':
    'The sign-in server sent an answer Intake Desk cannot read. It is tried again by itself.',
  'error.auth.missing_private_key':
    'No key is stored for this environment. Import or create one in Settings; uploads wait meanwhile.',
  'error.auth.unsupported_private_key': 'This kind of key cannot be used to sign in. Use an RSA or EC key.',
  'error.cases.outcome_unknown':
    'It is not known whether the platform created the case. Look for it before creating it again.',
  'error.file.changed': 'The file changed while it was being taken. It is taken again once it stays the same.',
  'error.metadata.invalid': 'A value cannot be sent to the platform. Correct the marked field.',
  'error.network.platform_unreachable':
    'The platform cannot be reached. Documents stay queued and are sent when it is back.',
  'error.secrets.no_client_id': 'No client id is set for this environment. Enter it in Settings first.',
  'error.settings.blocked': 'The settings cannot be saved right now. Try again in a moment.',
  'error.settings.too_new': 'The settings were saved by a newer Intake Desk. Update this installation.',
  'error.settings.unreadable':
    'The settings file cannot be read. Check its access rights; Intake Desk runs on defaults meanwhile.',
  'error.capture.encrypted':
    'The scan is password-protected, so it was not split into documents. It is kept whole: tag it yourself.',
  'error.capture.damaged': 'The scan is damaged, so it was not split into documents. It is kept whole: check it.',
  'error.capture.no_pages': 'The scan has no pages, so it was not split. It is kept whole: check it.',
  'error.capture.unsupported': 'This kind of file cannot be split into documents. It is kept whole: tag it yourself.',
  'error.capture.no_documents':
    'The scan holds only separator sheets and blank pages, so no documents were made. It is kept whole.',
  'error.capture.failed': 'The scan could not be split into documents. It is kept whole: tag it yourself.',
  'error.capture.too_large':
    'The scan declares more pixels than capture reads, so it was not split. It is kept whole as it is: check it.',
  'error.capture.too_many_pages':
    'The scan has more pages than capture splits per file, so it was not split. It is kept whole: tag it yourself.',
  'error.capture.interrupted':
    'The analysis of this scan was cut off twice as the program ended, with no document made in between, so it is not analysed again. It is kept whole: check it.',
  'error.capture.not_held':
    'This batch is no longer waiting for review (it was released, perhaps from another window). Its documents are in the inbox.',
  'error.capture.release_plan':
    'This split cannot be made: each page may be in one document only, in scanner order. Nothing was made; the batch still waits.',
  'error.sheet.case_number_missing': 'A cover sheet needs a case number. Enter one and print again.',
  'error.sheet.case_number_format':
    'This is not in the form of this platform’s case numbers, so no cover sheet was made. Check the number.',
  'error.sheet.unprintable':
    'This cannot be printed as a barcode (only letters, digits and common signs without accents, up to 80). Check the number.',
  'error.document.pages': 'The pages of this document cannot be changed. The document stays as it was.',
  'error.document.no_undo': 'There is no page change left to undo.',
  'error.document.undo_elsewhere':
    'This page change was made at another station of the office, which keeps the pages as they were: undo it there.',
  'error.document.merge': 'These documents cannot be merged. Choose two or more documents that are still in the inbox.',
  'error.document.merge_conflict':
    'Not merged: the documents have different values for the same field, and the merged document would keep only the first. Give them the same values first.',
  'error.document.busy': 'The pages of this document are being changed. Try again in a moment.',
  'error.details': 'Details',
};
export type ErrorMessageKey = keyof typeof en;

const de: Record<ErrorMessageKey, string> = {
  'error.app.unavailable': 'Diese Funktion gibt es in dieser Installation nicht.',
  'error.ipc.disconnected':
    'Die Verbindung zu Intake Desk ist unterbrochen. Sie wird von selbst wiederhergestellt; bitte gleich noch einmal versuchen.',
  'error.ipc.invalid_response':
    'Intake Desk hat eine Antwort geschickt, die diese Ansicht nicht lesen kann. Bitte erneut versuchen; sonst die App neu starten.',
  'error.ipc.invalid_request': 'Einige Werte sind ungültig. Bitte die markierten Felder prüfen und erneut versuchen.',
  'error.ipc.unknown_channel':
    'Diese Ansicht hat etwas angefragt, das Intake Desk nicht anbietet. Bitte die App neu starten.',
  'error.local.error':
    'In Intake Desk ist etwas schiefgegangen. Bitte erneut versuchen; Einzelheiten stehen im Protokoll.',
  'error.auth.invalid_client':
    'Die Plattform hat Client-ID und Secret oder Schlüssel nicht angenommen. Bitte in den Einstellungen prüfen; bis dahin wartet das Hochladen.',
  'error.auth.token_endpoint_unreachable':
    'Der Anmeldeserver ist nicht erreichbar. Die Dokumente bleiben in der Warteschlange und werden gesendet, sobald er antwortet.',
  'error.auth.clock_skew':
    'Die Plattform hat die Anmeldung abgelehnt, weil die Uhr dieses Computers falsch geht. Bitte die Uhrzeit korrigieren; bis dahin wartet das Hochladen.',
  'error.auth.insufficient_scope':
    'Die Plattform erlaubt das unserem Client nicht. Bitte beim Plattform-Administrator die fehlende Berechtigung anfragen.',
  'error.auth.invalid_scope':
    'Die Plattform hat die angefragten Berechtigungen abgelehnt. Bitte die Scopes in den Einstellungen prüfen.',
  'error.auth.token_rejected':
    'Die Plattform hat unsere Anmeldung nicht angenommen. Intake Desk meldet sich von selbst neu an; bleibt es so, bitte die Zugangsdaten prüfen.',
  'error.auth.unauthorized_client':
    'Die Plattform erlaubt diesem Client diese Anmeldeart nicht. Bitte das Anmeldeverfahren in den Einstellungen prüfen.',
  'error.auth.insecure_token_url':
    'Die Anmeldeadresse ist nicht sicher (https), deshalb wird kein Secret dorthin gesendet. Bitte in den Einstellungen korrigieren.',
  'error.auth.missing_secret':
    'Für diese Umgebung ist kein Client-Secret und kein Schlüssel gespeichert. Bitte in den Einstellungen eingeben; bis dahin wartet das Hochladen.',
  'error.auth.no_client_id':
    'Für diese Umgebung ist keine Client-ID eingetragen. Bitte in den Einstellungen eingeben; bis dahin wartet das Hochladen.',
  'error.auth.token_redirect':
    'Der Anmeldeserver hat umgeleitet; dem wird aus Sicherheitsgründen nicht gefolgt. Bitte die Token-Adresse in den Einstellungen prüfen.',
  'error.auth.expired':
    'Die Anmeldung ist abgelaufen und konnte nicht erneuert werden. Bitte die Zugangsdaten in den Einstellungen prüfen.',
  'error.case.rejected':
    'Die Plattform hat den Fall nicht angelegt. Bitte die markierten Felder prüfen und erneut versuchen.',
  'error.cases.request_reused':
    'Dieses Formular wurde schon mit anderen Werten gesendet. Für andere Werte bitte einen neuen Fall beginnen.',
  'error.content.range': 'Ein Teil der Datei ließ sich für die Vorschau nicht lesen. Bitte erneut versuchen.',
  'error.document.not_found':
    'Dieses Dokument ist nicht mehr in der Liste. Vielleicht wurde es in einer anderen Ansicht bearbeitet.',
  'error.document.state':
    'Das geht mit diesem Dokument in seinem jetzigen Zustand nicht. Die Liste zeigt den aktuellen Zustand.',
  'error.file.empty': 'Die Datei ist leer und wird nicht gesendet. Bitte erneut scannen.',
  'error.file.read_failed':
    'Die Datei ließ sich nicht lesen. Bitte prüfen, ob sie anderswo geöffnet ist, und erneut versuchen.',
  'error.file.missing': 'Die Datei des Dokuments fehlt im Zwischenspeicher. Bitte erneut ablegen oder scannen.',
  'error.file.not_regular': 'Das ist keine normale Datei (eine Verknüpfung oder ein Gerät) und wird nicht übernommen.',
  'error.file.outside_folder': 'Die Datei liegt außerhalb des überwachten Ordners und wird nicht übernommen.',
  'error.file.unreadable': 'Die Datei ließ sich nicht öffnen. Sie wird übernommen, sobald sie lesbar ist.',
  'error.folder.pattern':
    'Das Dateinamen-Muster des Ordners ist ungültig. Bitte in den Einstellungen korrigieren; bis dahin wird der Ordner nicht überwacht.',
  'error.storage.full':
    'Der Datenträger des Datenordners ist voll. Es geht nichts verloren; die Arbeit geht von selbst weiter, sobald Platz ist.',
  'error.storage.quota':
    'Das Speicherkontingent dieses Benutzers ist aufgebraucht. Es geht nichts verloren; die Arbeit geht von selbst weiter, sobald die IT es erhöht.',
  'error.storage.read_only':
    'Die Warteschlangen-Datenbank oder der Datenordner ist schreibgeschützt. Es geht nichts verloren; die Arbeit geht von selbst weiter, sobald die IT das behebt.',
  'error.storage.no_access':
    'Dieser Benutzer darf nicht in den Datenordner schreiben. Es geht nichts verloren; die Arbeit geht von selbst weiter, sobald die IT die Zugriffsrechte korrigiert.',
  'error.import.name': 'Die Datei hat keinen verwendbaren Namen. Bitte umbenennen und erneut ablegen.',
  'error.import.name_control':
    'Der Dateiname enthält einen Zeilenumbruch oder ein anderes Steuerzeichen. Bitte die Datei umbenennen und erneut ablegen.',
  'error.import.name_too_long':
    'Der Dateiname ist zu lang. Bitte der Datei einen kürzeren Namen geben und erneut ablegen.',
  'error.import.not_a_file': 'Es können nur Dateien abgelegt werden, keine Ordner.',
  'error.import.unreadable':
    'Die abgelegte Datei ließ sich nicht lesen. Bitte prüfen, ob sie anderswo geöffnet ist, und erneut ablegen.',
  'error.folders.no_dialog':
    'Dieses Fenster kann keinen Ordnerdialog öffnen. Den Pfad des Ordners eintippen; er wird beim Tippen geprüft.',
  'error.drafts.document_not_open':
    'Das Dokument ist nicht mehr im Eingang; was dafür eingegeben wurde, kann nicht gespeichert werden.',
  'error.import.too_large':
    'Die Datei ist größer, als die Plattform annimmt (2 GiB). Bitte teilen oder in Teilen neu scannen.',
  'error.inbox.rejected':
    'Die Plattform hat das Dokument nicht angenommen. Es bleibt im Eingang; bitte korrigieren und erneut senden.',
  'error.network.offline':
    'Die Plattform ist nicht erreichbar. Die Dokumente bleiben in der Warteschlange und werden gesendet, sobald sie wieder da ist.',
  'error.network.reset':
    'Die Verbindung ist abgebrochen. Das Dokument wird von selbst erneut gesendet; nichts geht verloren.',
  'error.network.unreachable':
    'Die Plattform ist nicht erreichbar. Bitte das Netzwerk prüfen; die Dokumente bleiben in der Warteschlange und werden gesendet, sobald sie wieder da ist.',
  'error.network.connection_lost':
    'Die Verbindung zur Plattform ist abgebrochen. Intake Desk versucht es von selbst erneut; ein Dokument wird nur einmal gespeichert.',
  'error.network.proxy_auth':
    'Der Proxy-Server verlangt eine Anmeldung. Bitte die IT bitten, Intake Desk freizugeben; bis dahin wartet das Hochladen.',
  'error.network.proxy_refused':
    'Der Proxy-Server hat die Verbindung zur Plattform abgelehnt. Bitte die IT bitten, die Plattform-Adresse freizugeben.',
  'error.network.proxy_tunnel_failed':
    'Der Proxy-Server hat die Plattform nicht erreicht. Das Hochladen wird von selbst erneut versucht.',
  'error.network.timeout':
    'Die Plattform hat nicht rechtzeitig geantwortet. Das Dokument wird von selbst erneut gesendet.',
  'error.platform.unreachable':
    'Die Plattform ist nicht erreichbar. Die Dokumente bleiben in der Warteschlange und werden gesendet, sobald sie wieder da ist.',
  'error.platform.ambiguous':
    'Aus der Antwort der Plattform geht nicht hervor, ob sie das Dokument angenommen hat. Es wird sicher erneut gesendet; die Plattform speichert es nur einmal.',
  'error.platform.invalid_response':
    'Die Plattform hat eine Antwort geschickt, die Intake Desk nicht lesen kann. Es wird von selbst erneut versucht.',
  'error.platform.malformed_json':
    'Die Plattform hat eine Antwort geschickt, die Intake Desk nicht lesen kann. Es wird von selbst erneut versucht.',
  'error.platform.not_found':
    'Die Plattform kennt das nicht (zum Beispiel eine Schadennummer). Bitte die Nummer prüfen.',
  'error.platform.rate_limited':
    'Die Plattform ist ausgelastet. Intake Desk wartet wie verlangt und versucht es von selbst erneut.',
  'error.platform.server_error': 'Die Plattform hatte ein Problem. Intake Desk versucht es von selbst erneut.',
  'error.platform.too_large':
    'Die Plattform nimmt so große Dateien nicht an. Bitte das Dokument teilen und die Teile senden.',
  'error.platform.unavailable':
    'Die Plattform ist ausgelastet oder wird gewartet. Intake Desk versucht es von selbst erneut.',
  'error.platform.validation':
    'Die Plattform hat die Werte nicht angenommen. Bitte korrigieren und das Dokument erneut senden.',
  'error.platform.rejected': 'Die Plattform hat das Dokument nicht angenommen. Bitte korrigieren und erneut senden.',
  'error.queue.closed': 'Intake Desk wird beendet. Bitte nach dem Neustart erneut versuchen.',
  'error.request.cancelled': 'Abgebrochen.',
  'error.request.invalid': 'Einige Werte sind ungültig. Bitte prüfen und erneut versuchen.',
  'error.request.prepare_failed':
    'Das Hochladen ließ sich nicht vorbereiten. Bitte erneut versuchen; Einzelheiten stehen im Protokoll.',
  'error.content.changed':
    'Das Dokument hat sich geändert, während es für das Büro abgelegt wurde. Es wird von selbst erneut abgelegt; nichts ging verloren.',
  'error.content.copy_failed':
    'Dieses Dokument konnte nicht auf diese Station geholt werden. Bitte erneut versuchen; wenn es weiter fehlschlägt, den freien Speicherplatz dieses Computers prüfen.',
  'error.content.missing':
    'Dieses Dokument ist noch nicht auf dieser Station, und das Büro hat es auch nicht. Bitte an der Station öffnen, die es übernommen hat, oder später erneut versuchen.',
  'error.content.store_failed':
    'Dieses Dokument konnte nicht für die anderen Stationen abgelegt werden. Es bleibt auf dieser Station und wird von selbst erneut versucht.',
  'error.content.torn':
    'Die hier angekommene Kopie dieses Dokuments war unvollständig und wurde verworfen. Bitte erneut versuchen; das Original ist unverändert.',
  'error.office.empty_password': 'Bitte vor dem Speichern das Passwort der Büro-Datenbank eingeben.',
  'error.office.invalid_database':
    'Die Adresse der Büro-Datenbank ist ungültig: bitte als postgres://BENUTZER@SERVER:PORT/DATENBANK angeben, ohne Passwort.',
  'error.office.held':
    'Dieses Dokument ist seit {since} an {station} von {clerk} geöffnet. Es wurde nichts geändert; Ihre Werte bleiben im Formular, bis es wieder frei ist.',
  'error.office.refused':
    'Die Büro-Datenbank hat diese Station abgewiesen (Passwort, Benutzer oder Datenbank). Es wird nichts Neues übernommen; bitte die IT die Einstellungen der Büro-Datenbank prüfen lassen.',
  'error.office.schema_newer':
    'Die Büro-Datenbank wurde von einer neueren Intake-Desk-Version eingerichtet. Bitte diese Station aktualisieren; bis dahin übernimmt sie nichts aus dem Büro.',
  'error.office.unreachable':
    'Die Büro-Datenbank ist nicht erreichbar. Es wird nichts Neues übernommen, Ihre Eingaben bleiben erhalten; sobald die Datenbank wieder da ist, geht es von selbst weiter.',
  'error.secrets.bad_token_url': 'Die Anmeldeadresse ist ungültig. Bitte in den Einstellungen korrigieren.',
  'error.secrets.empty': 'Bitte vor dem Speichern einen Wert eingeben.',
  'error.secrets.file_corrupt':
    'Die gespeicherten Zugangsdaten sind beschädigt. Bitte Secret oder Schlüssel in den Einstellungen neu eingeben.',
  'error.secrets.file_unreadable':
    'Die gespeicherten Zugangsdaten lassen sich nicht lesen. Bitte Secret oder Schlüssel in den Einstellungen neu eingeben.',
  'error.secrets.keychain_unavailable':
    'Der Schlüsselbund des Systems ist nicht verfügbar; es kann kein Secret gespeichert oder gelesen werden. Bitte entsperren oder die IT fragen.',
  'error.secrets.encrypted_private_key':
    'Der Schlüssel ist mit einer Passphrase geschützt. Bitte ohne Passphrase exportieren und erneut importieren.',
  'error.secrets.invalid_private_key':
    'Das ist kein privater Schlüssel, den Intake Desk verwenden kann. Bitte die Datei prüfen (PEM, RSA oder EC).',
  'error.secrets.plain_text':
    'Das Secret würde ungeschützt gespeichert und wird deshalb nicht gespeichert. Bitte die IT, den Schlüsselbund einzurichten.',
  'error.secrets.unavailable':
    'Die Zugangsdaten lassen sich gerade nicht lesen. Das Hochladen wartet; bitte gleich erneut versuchen.',
  'error.secrets.unreadable':
    'Die gespeicherten Zugangsdaten lassen sich nicht lesen. Bitte Secret oder Schlüssel in den Einstellungen neu eingeben.',
  'error.settings.corrupt':
    'Die Einstellungsdatei ist beschädigt; Intake Desk läuft mit Standardwerten. Bitte die Einstellungen prüfen und speichern.',
  'error.settings.invalid': 'Einige Einstellungen sind ungültig. Bitte die markierten Felder prüfen.',
  'error.settings.not_loaded': 'Die Einstellungen sind noch nicht geladen. Bitte gleich erneut versuchen.',
  'error.settings.unknown_environment':
    'Die gewählte Umgebung gibt es nicht. Bitte in den Einstellungen eine andere wählen.',
  'error.settings.locked':
    'Ihre IT hat diese Einstellungen für diesen Computer festgelegt; sie lassen sich hier nicht ändern.',
  'error.upload.cancelled': 'Das Hochladen wurde abgebrochen. Das Dokument ist wieder im Eingang.',
  'error.tagging.press_elsewhere':
    'Strg+Eingabe wurde auf einem Dokument gedrückt, das inzwischen nicht mehr im Eingang ist (zusammengeführt oder entfernt): Dafür wurde nichts gesendet.',
  'error.tagging.presses_dropped':
    'Strg+Eingabe wurde auch auf anderen Dokumenten gedrückt, während dieses gesendet wurde. Da dieses nicht gesendet wurde, wurden auch sie nicht gesendet; was Sie dort eingegeben haben, bleibt erhalten (✎). Drücken Sie Strg+Eingabe auf jedem noch einmal.',
  'platformError.missing_file': 'Die Plattform hat keine Datei erhalten. Das Dokument wird erneut gesendet.',
  'platformError.empty_file': 'Die Plattform hat eine leere Datei erhalten. Bitte das Dokument erneut scannen.',
  'platformError.invalid_multipart': 'Die Plattform konnte das Hochgeladene nicht lesen. Es wird erneut gesendet.',
  'platformError.invalid_header':
    'Die Plattform hat einen der Werte nicht angenommen. Bitte die Felder prüfen und das Dokument erneut senden.',
  'platformError.unsupported_media_type':
    'Die Plattform nimmt diese Dateiart nicht an. Bitte als PDF speichern und erneut senden.',
  'platformError.file_too_large': 'Die Datei ist größer, als die Plattform annimmt. Bitte teilen und die Teile senden.',
  'platformError.case_not_found':
    'Die Plattform kennt keinen Schaden mit dieser Schadennummer. Bitte die Nummer korrigieren und das Dokument erneut senden.',
  'platformError.invalid_path':
    'Die Plattform-Adresse in den Einstellungen ist falsch. Bitte die Umgebung in den Einstellungen prüfen.',
  'platformError.idempotency_key_in_use':
    'Die Plattform nimmt dieses Dokument noch aus einem früheren Versuch entgegen. Intake Desk wartet und versucht es erneut.',
  'platformError.idempotency_key_reused':
    'Die Plattform hat unter diesem Upload schon ein anderes Dokument. Bitte das Dokument aus dem Eingang erneut senden.',
  'error.app.unexpected':
    'Etwas Unerwartetes ist schiefgegangen. Bitte erneut versuchen; Einzelheiten stehen im Protokoll.',
  'error.content.http': 'Die Datei ließ sich für die Vorschau nicht laden. Bitte erneut versuchen.',
  'error.import.no_path':
    'Diese Datei lässt sich von dort, wo sie abgelegt wurde, nicht übernehmen. Bitte zuerst in einem Ordner speichern und erneut ablegen.',
  'error.ipc.method':
    'Diese Ansicht hat Intake Desk auf eine nicht zulässige Weise angefragt. Bitte die App neu starten.',
  'error.ipc.unauthenticated':
    'Diese Seite ist bei Intake Desk nicht angemeldet. Bitte über die Adresse öffnen, die Intake Desk ausgegeben hat.',
  'error.ipc.untrusted_sender': 'Diese Seite darf nicht mit Intake Desk sprechen.',
  'error.platform.duplicate_idempotency_key': 'Die Plattform hat diesen Upload schon. Es ist nichts weiter zu tun.',
  'error.auth.internal':
    'Die Anmeldung ist in Intake Desk fehlgeschlagen. Bitte erneut versuchen; Einzelheiten stehen im Protokoll.',
  'error.auth.invalid_private_key':
    'Mit dem gespeicherten Schlüssel ist keine Anmeldung möglich. Bitte den Schlüssel in den Einstellungen neu importieren.',
  'error.auth.invalid_token_response':
    'Der Anmeldeserver hat eine Antwort geschickt, die Intake Desk nicht lesen kann. Es wird von selbst erneut versucht.',
  'error.auth.missing_private_key':
    'Für diese Umgebung ist kein Schlüssel gespeichert. Bitte in den Einstellungen importieren oder erzeugen; bis dahin wartet das Hochladen.',
  'error.auth.unsupported_private_key':
    'Mit dieser Schlüsselart ist keine Anmeldung möglich. Bitte einen RSA- oder EC-Schlüssel verwenden.',
  'error.cases.outcome_unknown':
    'Es ist nicht bekannt, ob die Plattform den Fall angelegt hat. Bitte nachsehen, bevor er erneut angelegt wird.',
  'error.file.changed':
    'Die Datei hat sich beim Übernehmen geändert. Sie wird erneut übernommen, sobald sie unverändert bleibt.',
  'error.metadata.invalid':
    'Ein Wert kann nicht an die Plattform gesendet werden. Bitte das markierte Feld korrigieren.',
  'error.network.platform_unreachable':
    'Die Plattform ist nicht erreichbar. Die Dokumente bleiben in der Warteschlange und werden gesendet, sobald sie wieder da ist.',
  'error.secrets.no_client_id':
    'Für diese Umgebung ist keine Client-ID eingetragen. Bitte zuerst in den Einstellungen eingeben.',
  'error.settings.blocked': 'Die Einstellungen lassen sich gerade nicht speichern. Bitte gleich erneut versuchen.',
  'error.settings.too_new':
    'Die Einstellungen stammen von einer neueren Version von Intake Desk. Bitte diese Installation aktualisieren.',
  'error.settings.unreadable':
    'Die Einstellungsdatei lässt sich nicht lesen. Bitte die Zugriffsrechte prüfen; bis dahin läuft Intake Desk mit Standardwerten.',
  'error.capture.encrypted':
    'Der Scan ist passwortgeschützt und wurde deshalb nicht in Dokumente aufgeteilt. Er bleibt ganz: bitte selbst erfassen.',
  'error.capture.damaged':
    'Der Scan ist beschädigt und wurde deshalb nicht in Dokumente aufgeteilt. Er bleibt ganz: bitte prüfen.',
  'error.capture.no_pages': 'Der Scan hat keine Seiten und wurde nicht aufgeteilt. Er bleibt ganz: bitte prüfen.',
  'error.capture.unsupported':
    'Diese Art Datei lässt sich nicht in Dokumente aufteilen. Sie bleibt ganz: bitte selbst erfassen.',
  'error.capture.no_documents':
    'Der Scan enthält nur Trennblätter und leere Seiten; es wurden keine Dokumente gebildet. Er bleibt ganz.',
  'error.capture.failed': 'Der Scan ließ sich nicht in Dokumente aufteilen. Er bleibt ganz: bitte selbst erfassen.',
  'error.capture.too_large':
    'Der Scan gibt mehr Bildpunkte an, als die Erfassung liest, und wurde nicht aufgeteilt. Er bleibt ganz, wie er ist: bitte prüfen.',
  'error.capture.too_many_pages':
    'Der Scan hat mehr Seiten, als die Erfassung je Datei aufteilt, und wurde nicht aufgeteilt. Er bleibt ganz: bitte selbst erfassen.',
  'error.capture.interrupted':
    'Die Analyse dieses Scans wurde zweimal durch das Beenden des Programms abgebrochen, ohne dass dazwischen ein Dokument entstand, und wird nicht wiederholt. Er bleibt ganz: bitte prüfen.',
  'error.capture.not_held':
    'Dieser Stapel wartet nicht mehr auf Prüfung (er wurde freigegeben, vielleicht in einem anderen Fenster). Seine Dokumente sind im Eingang.',
  'error.capture.release_plan':
    'So lässt sich nicht teilen: Jede Seite darf nur in einem Dokument stehen, in Scanreihenfolge. Nichts wurde erstellt; der Stapel wartet weiter.',
  'error.sheet.case_number_missing':
    'Ein Deckblatt braucht eine Schadennummer. Bitte eine eingeben und erneut drucken.',
  'error.sheet.case_number_format':
    'Das hat nicht die Form der Schadennummern dieser Plattform, daher wurde kein Deckblatt erstellt. Bitte die Nummer prüfen.',
  'error.sheet.unprintable':
    'Das lässt sich nicht als Strichcode drucken (nur Buchstaben, Ziffern und übliche Zeichen ohne Akzente, bis 80). Bitte die Nummer prüfen.',
  'error.document.pages': 'Die Seiten dieses Dokuments lassen sich nicht ändern. Das Dokument bleibt, wie es war.',
  'error.document.no_undo': 'Es gibt keine Seitenänderung mehr, die sich rückgängig machen lässt.',
  'error.document.undo_elsewhere':
    'Diese Seitenänderung wurde an einer anderen Station des Büros gemacht, die die Seiten im alten Zustand hat: bitte dort rückgängig machen.',
  'error.document.merge':
    'Diese Dokumente lassen sich nicht zusammenführen. Bitte zwei oder mehr Dokumente wählen, die noch im Eingang sind.',
  'error.document.busy': 'Die Seiten dieses Dokuments werden gerade geändert. Bitte gleich erneut versuchen.',
  'error.document.merge_conflict':
    'Nicht zusammengeführt: Die Dokumente haben verschiedene Werte im selben Feld, und das zusammengeführte Dokument behielte nur den ersten. Bitte zuerst angleichen.',
  'error.details': 'Details',
};

export const errorMessages: Catalogs<ErrorMessageKey> = { en, de };
