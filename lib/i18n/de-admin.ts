import type { Translation } from "./catalogue";
import type { enAdmin } from "./en-admin";

/** The admin's words in German: sign-in, dashboard, members (the account page's: de-account.ts). */
export const deAdmin: Translation<typeof enAdmin> = {
  "admin.title": "Verwaltung",
  "admin.signedInAs": "Angemeldet als",
  "admin.signOut": "Abmelden",
  "admin.nav.invite": "Einladen",
  "admin.nav.account": "Konto",
  "admin.field.name": "Name",
  "admin.field.email": "E-Mail",
  "admin.field.role": "Rolle",
  "admin.field.timeZone": "Zeitzone",
  "admin.confirm.working": "Wird ausgeführt …",
  "admin.confirm.cancel": "Abbrechen",
  "admin.api.offline":
    "Die Website war nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  "admin.api.expired":
    "Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an (Ihre Änderungen hier bleiben erhalten, bis Sie die Seite verlassen).",
  "admin.api.failed": "Die Anfrage ist fehlgeschlagen (Status {status}). Versuchen Sie es erneut.",

  "admin.login.title": "Anmelden",
  "admin.login.lede": "Verwaltung von {site}: das Team Ihres Workspace verwalten.",
  "admin.login.reauth":
    "Bestätigen Sie, dass Sie es sind: Melden Sie sich erneut an, um Ihre Anmeldeart zu ändern.",
  "admin.login.signedOutEverywhere": "Sie wurden überall abgemeldet.",
  "admin.login.signedOut": "Sie wurden abgemeldet.",
  "admin.login.signingInAs": "Anmeldung als {email}.",
  "admin.login.code": "Bestätigungscode",
  "admin.login.codeHint":
    "Der sechsstellige Code, den Ihre Authenticator-App für {issuer} anzeigt, oder einer Ihrer Wiederherstellungscodes.",
  "admin.login.checking": "Wird geprüft …",
  "admin.login.verify": "Bestätigen",
  "admin.login.wrongAccount": "Falsches Konto oder keine Authenticator-App dafür?",
  "admin.login.startOver": "Neu beginnen",
  "admin.login.password": "Passwort",
  "admin.login.signingIn": "Anmeldung läuft …",
  "admin.login.submit": "Anmelden",
  "admin.login.invalid": "E-Mail-Adresse oder Passwort ist falsch",
  "admin.login.invalidCode":
    "E-Mail-Adresse, Passwort oder Bestätigungscode ist falsch. Geben Sie alles erneut ein.",
  "admin.login.expired":
    "Die Anmeldung wurde nicht innerhalb von 5 Minuten abgeschlossen. Geben Sie Ihre E-Mail-Adresse und Ihr Passwort erneut ein.",
  "admin.login.workspaceUnreachable":
    "Der Workspace ist nicht erreichbar, um zu bestätigen, dass Sie aktive Administratorin oder aktiver Administrator sind. Deshalb ist eine Anmeldung gerade nicht möglich. Versuchen Sie es in einer Minute erneut.",
  "admin.login.unreadable": "Die Anmeldeanfrage konnte nicht gelesen werden.",
  "admin.login.unsupportedType": "Senden Sie das Anmeldeformular als JSON oder als Formular.",
  "admin.login.busy": "Die Anmeldung ist gerade ausgelastet. Versuchen Sie es gleich noch einmal.",
  "admin.login.rateLimited": {
    one: "Zu viele fehlgeschlagene Anmeldeversuche. Versuchen Sie es in {count} Minute erneut.",
    other: "Zu viele fehlgeschlagene Anmeldeversuche. Versuchen Sie es in {count} Minuten erneut.",
  },
  "admin.login.rateLimitedFew":
    "Zu viele fehlgeschlagene Anmeldeversuche. Versuchen Sie es in ein paar Minuten erneut.",

  "admin.access.noLongerAdmin":
    "Ihr Workspace-Konto hat keine aktive Administratorrolle mehr, deshalb wurden Sie abgemeldet. Falls das ein Irrtum ist, bitten Sie eine Administratorin oder einen Administrator des Workspace, Sie wieder zu aktivieren oder Ihnen wieder eine Administratorrolle zu geben.",
  "admin.access.notMember":
    "Ihre E-Mail-Adresse gehört zu keinem Mitglied des Workspace und kann sich hier nicht anmelden. Bitten Sie eine Administratorin oder einen Administrator des Workspace, Sie ins Team aufzunehmen.",
  "admin.access.inactive":
    "Ihr Workspace-Konto ist deaktiviert und kann sich hier nicht anmelden. Bitten Sie eine Administratorin oder einen Administrator des Workspace, Sie wieder zu aktivieren.",
  "admin.access.notAdminRole":
    "Ihr Workspace-Konto hat im Workspace keine Administratorrolle: Seine Rolle dort gehört nicht zu denen, die diese Verwaltung nutzen dürfen (ADMIN_ROLES). Bitten Sie eine Administratorin oder einen Administrator des Workspace um eine Administratorrolle.",
  "admin.access.unverified":
    "Der Workspace konnte nicht bestätigen, dass Sie noch aktive Administratorin oder aktiver Administrator sind, deshalb wurden Sie abgemeldet. Melden Sie sich erneut an, sobald der Workspace erreichbar ist.",
  "admin.access.signedOut":
    "Ihre Sitzung ist beendet: Sie haben sich überall abgemeldet, oder der Passkey bzw. das Passwort, mit dem sie begonnen wurde, meldet Sie nicht mehr an. Melden Sie sich erneut an.",

  "admin.http.notSignedIn":
    "Sie sind nicht angemeldet, oder Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an.",
  "admin.http.crossOrigin": "Diese Anfrage kam nicht von dieser Website und wurde deshalb abgelehnt.",
  "admin.http.tooLarge": "Die Anfrage ist zu groß.",
  "admin.http.unsupportedType": "Senden Sie die Anfrage als JSON (Content-Type: application/json).",
  "admin.http.unreadable": "Der Inhalt der Anfrage konnte nicht gelesen werden.",
  "admin.http.malformed": "Der Inhalt der Anfrage ist kein gültiges JSON.",
  "admin.http.reauth":
    "Um Ihre Anmeldeart zu ändern, bestätigen Sie, dass Sie es sind: Melden Sie sich erneut an (mit einem Passkey oder mit Passwort und Code). Die Anmeldung darf höchstens {minutes} Minuten zurückliegen.",
  "admin.http.writeUnverified":
    "Der Workspace konnte nicht bestätigen, dass Sie noch aktive Administratorin oder aktiver Administrator sind, deshalb wurde nichts geändert. Versuchen Sie es in einer Minute erneut.",

  "admin.error.lastAdmin":
    "Dies ist das letzte aktive Mitglied mit Administratorrolle im Workspace: Es kann weder entfernt noch deaktiviert noch herabgestuft werden. Machen Sie zuerst ein anderes Mitglied zum aktiven Admin.",
  "admin.error.notFound":
    "Dieses Mitglied gibt es im Workspace nicht mehr (vielleicht hat es schon jemand entfernt). Laden Sie die Liste neu.",
  "admin.error.unauthorized":
    "Der Workspace hat den API-Schlüssel dieser Website abgelehnt. Prüfen Sie WORKSPACE_API_KEY in der Konfiguration der Website.",
  "admin.error.rateLimited": {
    one: "Der Workspace erhält zu viele Anfragen. Versuchen Sie es in {count} Sekunde erneut.",
    other: "Der Workspace erhält zu viele Anfragen. Versuchen Sie es in {count} Sekunden erneut.",
  },
  "admin.error.rateLimitedMoment":
    "Der Workspace erhält zu viele Anfragen. Versuchen Sie es gleich noch einmal.",
  "admin.error.unavailable":
    "Der Workspace ist gerade ausgefallen oder nicht verfügbar. Versuchen Sie es in einer Minute erneut.",
  "admin.error.timeout":
    "Der Workspace hat nicht rechtzeitig geantwortet. Die Änderung wurde vielleicht übernommen, vielleicht nicht: Laden Sie die Seite neu, bevor Sie es noch einmal versuchen.",
  "admin.error.unreachable":
    "Der Workspace ist gerade nicht erreichbar. Es wurde nichts geändert; versuchen Sie es in einer Minute erneut.",
  "admin.error.badResponse":
    "Der Workspace hat eine Antwort geschickt, die diese Website nicht lesen konnte. Laden Sie die Seite neu, um zu prüfen, ob die Änderung übernommen wurde.",
  "admin.error.notAcceptable":
    "Der Workspace hat das Format der Anfrage dieser Website abgelehnt. Das ist ein Fehler in der Software der Website; bitte melden Sie ihn.",
  "admin.error.httpError":
    "Der Workspace hat mit einem unerwarteten Fehler geantwortet (Status {status}). Versuchen Sie es später erneut.",
  "admin.error.unknownRole":
    "Der Workspace hat keine Rolle namens „{role}“. Bei Rollen zählt die Groß- und Kleinschreibung: Prüfen Sie die Schreibweise.",
  "admin.error.invalidTimeZone":
    "„{zone}“ ist keine Zeitzone, die der Workspace akzeptiert. Wählen Sie eine aus der Liste, z. B. Europe/Berlin.",
  "admin.error.refused": "Der Workspace hat die Änderung abgelehnt: {detail}",
  "admin.error.noReason": "ohne Angabe von Gründen.",
  "admin.error.internal":
    "Auf dieser Website ist etwas schiefgelaufen. Versuchen Sie es erneut, und melden Sie es, wenn es wieder passiert.",

  "admin.valid.email": "Geben Sie eine gültige E-Mail-Adresse ein.",
  "admin.valid.emailTooLong": "Diese E-Mail-Adresse ist zu lang.",
  "admin.valid.memberId": "Das ist keine Mitglieds-ID.",
  "admin.valid.role": "Geben Sie eine Rolle ein, z. B. Standard.",
  "admin.valid.roleTooLong": "Dieser Rollenname ist zu lang.",
  "admin.valid.timeZone": "Wählen Sie eine gültige Zeitzone aus der Liste, z. B. Europe/Berlin.",
  "admin.valid.nameTooLong": "Namen dürfen höchstens {max} Zeichen lang sein.",
  "admin.valid.nothingToChange": "Es gibt nichts zu ändern.",
  "admin.valid.noEmails": "Geben Sie mindestens eine E-Mail-Adresse ein.",
  "admin.valid.tooManyInvites": "Laden Sie höchstens {max} Personen auf einmal ein.",
  "admin.valid.invalidEmails": {
    one: "Diese Adresse ist ungültig: {emails}",
    other: "Diese Adressen sind ungültig: {emails}",
  },
  "admin.valid.noneSelected": "Wählen Sie mindestens ein Mitglied aus.",
  "admin.valid.tooManySelected": "Wählen Sie höchstens {max} Mitglieder auf einmal aus.",
  "admin.valid.passkeyName": "Geben Sie dem Passkey einen Namen.",
  "admin.valid.passkeyNameTooLong": "Der Name eines Passkeys darf höchstens {max} Zeichen lang sein.",
  "admin.valid.request": "Die Anfrage ist ungültig.",

  "admin.own.remove":
    "Sie können sich nicht selbst entfernen: Sie würden sofort den Zugang zu dieser Verwaltung verlieren. Bitten Sie eine andere Administratorin oder einen anderen Administrator darum.",
  "admin.own.deactivate":
    "Sie können sich nicht selbst deaktivieren: Sie würden sofort den Zugang zu dieser Verwaltung verlieren. Bitten Sie eine andere Administratorin oder einen anderen Administrator darum.",
  "admin.own.reactivate":
    "Sie können sich nicht selbst reaktivieren: Ob Sie aktives Mitglied sind, entscheidet eine andere Administratorin, ein anderer Administrator oder der Workspace.",
  "admin.own.demote":
    "Sie können Ihre eigene Rolle nicht in „{role}“ ändern: Nur {roles} dürfen diese Verwaltung nutzen, Sie würden also sofort den Zugang verlieren. Bitten Sie eine andere Administratorin oder einen anderen Administrator darum.",
  "admin.own.role":
    "Sie können Ihre eigene Rolle nicht ändern: Über Ihren Zugang entscheidet eine andere Administratorin, ein anderer Administrator oder der Workspace.",
  "admin.own.email":
    "Sie können Ihre eigene E-Mail-Adresse hier nicht ändern: Ihre Anmeldung (ADMIN_USERS) hängt an ihr. Bitten Sie eine andere Administratorin oder einen anderen Administrator darum, und passen Sie gleichzeitig ADMIN_USERS an.",
  "admin.own.invite":
    "Sie können sich nicht selbst einladen: Über Ihren Zugang entscheidet eine andere Administratorin, ein anderer Administrator oder der Workspace. Entfernen Sie Ihre eigene Adresse aus der Liste.",

  "admin.dashboard.title": "Übersicht",
  "admin.dashboard.problem": "Einige Zahlen konnten nicht geladen werden. {problem}",
  "admin.dashboard.workspaceGlance": "Der Workspace auf einen Blick",
  "admin.dashboard.members": "Teammitglieder",
  "admin.dashboard.activeMembers": "Aktive Mitglieder",
  "admin.dashboard.posts": "Blogbeiträge",
  "admin.dashboard.blog": "Blog",
  "admin.dashboard.blogLede":
    "Der öffentliche Blog wird regelmäßig aus dem Workspace neu erzeugt. Aktualisieren Sie ihn sofort, nachdem Sie einen Beitrag veröffentlicht oder bearbeitet haben.",
  "admin.dashboard.newsletter": "Newsletter-Anmeldungen",
  "admin.dashboard.newsletterLede":
    "Jede Anmeldung wird gespeichert und dann an den Workspace gesendet; eine, die der Workspace nicht sofort annehmen kann (ausgefallen, langsam oder ausgelastet), wartet und wird erneut versucht. Eine Anmeldung schlägt nur fehl, wenn der Workspace ihre Adresse ablehnt oder sie länger als die Höchstdauer wartet.",
  "admin.dashboard.storeDown":
    "Der Speicher der Anmeldungen war nicht erreichbar, diese Zahlen sind daher unbekannt.",
  "admin.dashboard.team": "Team",
  "admin.dashboard.manageMembers": "Mitglieder verwalten",
  "admin.dashboard.invitePeople": "Personen einladen",
  "admin.dashboard.newsletterGlance": "Der Newsletter auf einen Blick",
  "admin.dashboard.signups": "Anmeldungen",
  "admin.dashboard.last24h": "Letzte 24 Stunden",
  "admin.dashboard.last7d": "Letzte 7 Tage",
  "admin.dashboard.accepted": "Angenommen",
  "admin.dashboard.sentAtOnce": "Sofort gesendet",
  "admin.dashboard.queued": "Eingereiht, später gesendet",
  "admin.dashboard.delivered": "Zugestellt",
  "admin.dashboard.failed": "Fehlgeschlagen",
  "admin.dashboard.delivery": "Zustellung des Newsletters",
  "admin.dashboard.waiting": "Warten auf Zustellung",
  "admin.dashboard.oldest": "Älteste wartende Anmeldung",
  "admin.dashboard.rejected": "Vom Workspace abgelehnt",
  "admin.dashboard.expired": "Länger als die Höchstdauer gewartet",
  "admin.age.underAMinute": "unter einer Minute",
  "admin.age.minutes": "{minutes} Min.",
  "admin.age.hours": "{hours} Std. {minutes} Min.",
  "admin.age.days": "{days} T. {hours} Std.",

  "admin.refresh.button": "Blog aktualisieren",
  "admin.refresh.busy": "Wird aktualisiert …",
  "admin.refresh.done":
    "Aktualisierung des Blogs angefordert am {when}. Die Seiten zeigen die neuesten Beiträge wenige Sekunden nach ihrem nächsten Aufruf.",
  "admin.refresh.failed":
    "Der Blog konnte nicht aktualisiert werden. Versuchen Sie es in einer Minute erneut.",
  "admin.refresh.partial":
    "Der Blog wird auf diesem Server aktualisiert, aber der gemeinsame Cache (Redis) ist nicht erreichbar: Andere Server zeigen vielleicht die alten Beiträge, bis er wieder da ist. Versuchen Sie es in einer Minute erneut, damit es sicher jeder Server hat.",

  "admin.failed.retryAll": "Fehlgeschlagene erneut versuchen",
  "admin.failed.discardAll": "Fehlgeschlagene verwerfen",
  "admin.failed.caption": "Fehlgeschlagene Anmeldungen",
  "admin.failed.newest": {
    one: "Die neuesten {shown} von {count} Anmeldung",
    other: "Die neuesten {shown} von {count} Anmeldungen",
  },
  "admin.failed.address": "Adresse",
  "admin.failed.reason": "Grund",
  "admin.failed.when": "Fehlgeschlagen am",
  "admin.failed.actions": "Aktionen",
  "admin.failed.retry": "Erneut versuchen",
  "admin.failed.retryOne": "{address} erneut versuchen",
  "admin.failed.discard": "Verwerfen",
  "admin.failed.discardOne": "{address} verwerfen",
  "admin.failed.retried": {
    one: "{count} Anmeldung wartet wieder und wird in Kürze zugestellt.",
    other: "{count} Anmeldungen warten wieder und werden in Kürze zugestellt.",
  },
  "admin.failed.discarded": {
    one: "{count} Anmeldung verworfen; ihre Adresse wurde gelöscht.",
    other: "{count} Anmeldungen verworfen; ihre Adressen wurden gelöscht.",
  },
  "admin.failed.confirmTitle": "Fehlgeschlagene Anmeldungen verwerfen?",
  "admin.failed.confirmOne":
    "{address} wird gelöscht und nie zugestellt. Die Leserin oder der Leser erfährt davon nichts.",
  "admin.failed.confirmAll": {
    one: "{count} Anmeldung wird mit ihrer Adresse gelöscht und nie zugestellt. Die Leserin oder der Leser erfährt davon nichts.",
    other:
      "{count} Anmeldungen werden mit ihren Adressen gelöscht und nie zugestellt. Die Leserinnen und Leser erfahren davon nichts.",
  },
  "admin.failed.storeDown":
    "Der Speicher der Anmeldungen war nicht erreichbar, es wurde nichts geändert. Versuchen Sie es in einer Minute erneut.",

  "admin.members.title": "Mitglieder",
  "admin.members.back": "← Alle Mitglieder",
  "admin.members.removed": "{name} wurde aus dem Workspace entfernt.",
  "admin.members.search": "Mitglieder suchen",
  "admin.members.searchLabel": "Nach Name oder E-Mail-Adresse suchen",
  "admin.members.show": "Anzeigen",
  "admin.members.all": "Alle Mitglieder",
  "admin.members.activeOnly": "Nur aktive",
  "admin.members.inactiveOnly": "Nur inaktive",
  "admin.members.perPage": "Pro Seite",
  "admin.members.apply": "Übernehmen",
  "admin.members.clear": "Suche zurücksetzen",
  "admin.members.problem": "Die Mitgliederliste konnte nicht geladen werden. {problem}",
  "admin.members.noMatch": "Keine Mitglieder entsprechen dieser Suche.",
  "admin.members.none": "Der Workspace hat noch keine Mitglieder.",
  "admin.members.count": {
    one: "{count} Mitglied · Seite {page} von {pages}",
    other: "{count} Mitglieder · Seite {page} von {pages}",
  },
  "admin.members.countMatching": {
    one: "{count} passendes Mitglied · Seite {page} von {pages}",
    other: "{count} passende Mitglieder · Seite {page} von {pages}",
  },
  "admin.members.truncated": "(der Workspace ist sehr groß; die Suche umfasst nur seinen ersten Teil)",
  "admin.members.caption": "Teammitglieder, Seite {page} von {pages}",
  "admin.members.pastEnd": "Diese Seite liegt hinter dem Ende der Liste.",
  "admin.members.firstPage": "Zur ersten Seite",
  "admin.members.pages": "Seiten",
  "admin.members.previous": "← Zurück",
  "admin.members.next": "Weiter →",
  "admin.members.page": "Seite {page}",

  "admin.bulk.label": "Sammelaktionen",
  "admin.bulk.hint": "Wählen Sie Mitglieder aus, um mehrere auf einmal zu bearbeiten.",
  "admin.bulk.selected": "{count} ausgewählt",
  "admin.bulk.deactivateSelected": "Auswahl deaktivieren",
  "admin.bulk.removeSelected": "Auswahl entfernen",
  "admin.bulk.clear": "Auswahl aufheben",
  "admin.bulk.selectAll": "Alle Mitglieder dieser Seite auswählen",
  "admin.bulk.select": "{name} auswählen",
  "admin.bulk.removeDone": "{done} von {count} entfernt.",
  "admin.bulk.deactivateDone": "{done} von {count} deaktiviert.",
  "admin.bulk.removeOk": "entfernt",
  "admin.bulk.deactivateOk": "deaktiviert",
  "admin.bulk.removeTitle": { one: "{count} Mitglied entfernen?", other: "{count} Mitglieder entfernen?" },
  "admin.bulk.deactivateTitle": {
    one: "{count} Mitglied deaktivieren?",
    other: "{count} Mitglieder deaktivieren?",
  },
  "admin.bulk.removeConfirm": { one: "Mitglied entfernen", other: "Mitglieder entfernen" },
  "admin.bulk.deactivateConfirm": { one: "Mitglied deaktivieren", other: "Mitglieder deaktivieren" },
  "admin.bulk.removeWarning":
    "Diese Personen werden aus dem Workspace entfernt. Das lässt sich nicht rückgängig machen (sie können erneut eingeladen werden).",
  "admin.bulk.deactivateWarning":
    "Diese Personen werden deaktiviert. Sie können sie später wieder aktivieren.",
  "admin.bulk.notProcessed": "Nicht bearbeitet.",

  "admin.invite.title": "Mitglieder einladen",
  "admin.invite.emails": "E-Mail-Adressen",
  "admin.invite.emailsHint": "Eine oder mehrere, getrennt durch Kommas oder Zeilenumbrüche.",
  "admin.invite.roleHint": "Groß- und Kleinschreibung zählt. Standard: Standard.",
  "admin.invite.invitedBy": "Eingeladen von",
  "admin.invite.invitedByHint":
    "Eine Administratorin oder ein Administrator des Workspace. Leer lassen für die Vorgabe des Workspace (das zuletzt hinzugekommene Mitglied mit Administratorrolle).",
  "admin.invite.send": "Einladungs-E-Mail senden",
  "admin.invite.busy": "Wird eingeladen …",
  "admin.invite.submit": "Einladungen senden",
  "admin.invite.done": {
    one: "{count} Teammitglied hinzugefügt ({emails})",
    other: "{count} Teammitglieder hinzugefügt ({emails})",
  },

  "admin.member.title": "Mitglied",
  "admin.member.noSuchAddress":
    "Unter dieser Adresse gibt es kein Mitglied. Gehen Sie zurück zur Liste und wählen Sie eines aus.",
  "admin.member.status": "Status",
  "admin.member.active": "Aktiv",
  "admin.member.inactive": "Inaktiv",
  "admin.member.isActive": "{name} ist {state}",
  "admin.member.isInactive": "{name} ist {state} und kann sich nicht beim Workspace anmelden.",
  "admin.member.deactivate": "Deaktivieren",
  "admin.member.reactivate": "Reaktivieren",
  "admin.member.reactivated": "{name} ist wieder aktiv.",
  "admin.member.deactivated": "{name} ist jetzt inaktiv.",
  "admin.details.title": "Angaben",
  "admin.details.firstName": "Vorname",
  "admin.details.lastName": "Nachname",
  "admin.details.timeZoneHint": "Tippen Sie zum Suchen, z. B. „Berlin“ oder „America/“.",
  "admin.details.roleHint":
    "Groß- und Kleinschreibung zählt. Wählen Sie eine Rolle, die der Workspace verwendet, oder geben Sie eine andere ein.",
  "admin.details.saving": "Wird gespeichert …",
  "admin.details.save": "Änderungen speichern",
  "admin.details.discard": "Änderungen verwerfen",
  "admin.details.nothing": "Nichts zu speichern: Es wurde kein Feld geändert.",
  "admin.details.saved": "Änderungen gespeichert.",
  "admin.removal.title": "Aus dem Workspace entfernen",
  "admin.removal.lede":
    "Entfernt {name} endgültig aus dem Workspace. Eine erneute Einladung ist später möglich.",
  "admin.removal.button": "Mitglied entfernen …",
  "admin.removal.confirmTitle": "{name} entfernen?",
  "admin.removal.confirm": "{name} entfernen",
  "admin.removal.warning":
    "{name} ({email}) wird aus dem Workspace entfernt. Das lässt sich nicht rückgängig machen.",
};
