import type { Catalogue } from "./catalogue";

/** Die Wörter der Oberfläche auf Deutsch (Schlüssel und Regeln: en.ts). */
export const de: Catalogue = {
  "site.description": "Notizen über das Bauen, Schreiben und Zusammenarbeiten.",
  "site.skipToContent": "Zum Inhalt springen",
  "site.titleSeparator": " · ",

  "nav.label": "Hauptmenü",
  "nav.menu": "Menü",
  "nav.external": "(andere Website)",

  "search.header": "Beiträge durchsuchen",
  "search.placeholder": "Beiträge suchen",
  "search.submit": "Suchen",
  "search.pageLabel": "Den Blog durchsuchen",
  "search.title": "Suche",
  "search.metaTitle": "Suche: {query}",
  "search.noResultsTitle": "Keine Ergebnisse für „{query}“",
  "search.resultsTitle": "Ergebnisse für „{query}“",
  "search.newest": "Neueste Beiträge",
  "search.previous": "← Vorherige Ergebnisse",
  "search.next": "Weitere Ergebnisse →",
  "search.rateLimited": {
    one: "Sie haben in kurzer Zeit sehr oft gesucht. Versuchen Sie es in {count} Sekunde erneut.",
    other: "Sie haben in kurzer Zeit sehr oft gesucht. Versuchen Sie es in {count} Sekunden erneut.",
  },
  "search.busy":
    "Die Suche ist gerade ausgelastet, Ihre Suche wurde nicht ausgeführt. Versuchen Sie es in ein paar Sekunden erneut; der Rest des Blogs ist wie gewohnt erreichbar.",
  "search.empty": {
    one: "Durchsuchen Sie Titel, Beschreibungen, Themen und Autoren von {count} Beitrag. Wortteile und kleine Tippfehler sind kein Problem.",
    other:
      "Durchsuchen Sie Titel, Beschreibungen, Themen und Autoren von {count} Beiträgen. Wortteile und kleine Tippfehler sind kein Problem.",
  },
  "search.tooLong":
    "Ihre Suche ist {length} Zeichen lang; erlaubt sind bis zu {max}. Versuchen Sie es mit ein paar treffenden Wörtern.",
  "search.noMatch":
    "Keine Beiträge passen zu „{query}“. Prüfen Sie die Schreibweise oder versuchen Sie weniger oder allgemeinere Wörter.",
  "search.matchesAll": { one: "{count} Beitrag passt.", other: "{count} Beiträge passen." },
  "search.matchesSome": {
    one: "{count} Beitrag passt zu einigen Ihrer Wörter (keiner zu allen).",
    other: "{count} Beiträge passen zu einigen Ihrer Wörter (keiner zu allen).",
  },
  "search.pageOf": "Seite {page} von {pages}.",
  "search.dropped": "Nur die ersten {max} Wörter wurden gesucht.",
  "search.openSearch": "Die Beiträge von {site} durchsuchen",

  "footer.newsletter": "Newsletter",
  "footer.elsewhere": "Anderswo",
  "footer.links": "Website",
  "footer.copyright": "© {year} {site}.",
  "footer.rss": "RSS-Feed",

  "home.eyebrow": "Der Blog des Teams",
  "home.latest": "Neueste Beiträge",
  "home.allPosts": { one: "Der einzige Beitrag →", other: "Alle {count} Beiträge →" },
  "home.topics": "Themen",
  "blog.noPosts": "Noch keine Beiträge. Schauen Sie bald wieder vorbei.",

  "blog.title": "Blog",
  "blog.titlePage": "Blog, Seite {page}",
  "blog.lede": {
    one: "{count} Beitrag von {site}, die neuesten zuerst.",
    other: "{count} Beiträge von {site}, die neuesten zuerst.",
  },
  "blog.description": "Alle Beiträge von {site}, die neuesten zuerst.",
  "blog.descriptionPage": "Beiträge von {site}, Seite {page} von {pages}.",

  "pagination.label": "Seitennavigation",
  "pagination.newer": "← Neuere Beiträge",
  "pagination.older": "Ältere Beiträge →",
  "pagination.status": "Seite {page} von {pages}",

  "post.published": "Veröffentlicht am {date}",
  "post.authors": "Autoren",
  "post.coverAlt": "Titelbild zu „{title}“",
  "post.readFull": "Den ganzen Artikel lesen",
  "post.summary":
    "Diese Seite ist die Zusammenfassung des Beitrags. Weiter unten: seine Themen, Autoren und Nachbarbeiträge.",
  "post.topics": "Themen",
  "post.writtenBy": "Geschrieben von",
  "post.moreBy": "Weitere Beiträge von {name}",
  "post.related": "Verwandte Beiträge",
  "post.morePosts": "Weitere Beiträge",
  "post.metaDescription": "{title}, auf {site}.",
  "post.placeholder": "Kein Bild",

  "listing.posts": { one: "{count} Beitrag", other: "{count} Beiträge" },
  "listing.pageSuffix": ", Seite {page}",
  "topic.eyebrow": "Thema",
  "topic.heading": "Beiträge über {topic}",
  "topic.description": {
    one: "{count} Beitrag über {topic} auf {site}{suffix}.",
    other: "{count} Beiträge über {topic} auf {site}{suffix}.",
  },
  "author.eyebrow": "Autor",
  "author.unknown": "Unbekannter Autor",
  "author.heading": "Beiträge von {name}",
  "author.portrait": "Porträt von {name}",
  "author.topics": "Themen, über die {name} schreibt",
  "author.description": {
    one: "{count} Beitrag von {name} auf {site}{suffix}.",
    other: "{count} Beiträge von {name} auf {site}{suffix}.",
  },
  "keywords.label": "Themen",

  "notFound.eyebrow": "Fehler 404",
  "notFound.title": "Seite nicht gefunden",
  "notFound.lede":
    "Diese Seite haben wir nicht gefunden. Vielleicht ist sie umgezogen, oder der Link enthält einen Tippfehler.",
  "notFound.browse": "Den Blog ansehen",
  "notFound.next": "{browse} oder {home}.",
  "notFound.home": "zur Startseite",

  "newsletter.kicker": "Newsletter",
  "newsletter.metaTitle": "Newsletter",
  "newsletter.metaDescription":
    "Jeden neuen Beitrag des Teams per E-Mail: eine kurze Nachricht pro Beitrag, von Ihnen bestätigt, jederzeit abbestellbar.",
  "newsletter.title": "Neue Beiträge direkt in Ihr Postfach",
  "newsletter.lede":
    "Wenn das Team etwas im {blog} veröffentlicht, erfahren es die Abonnenten per E-Mail. Sonst nichts: keine aufgeblähten Zusammenfassungen, und Ihre Adresse dient nur dieser Liste.",
  "newsletter.ledeLink": "Blog",
  "newsletter.how": "So funktioniert es",
  "newsletter.step1": "Geben Sie unten Ihre E-Mail-Adresse ein.",
  "newsletter.step2":
    "Wir senden Ihnen eine Bestätigungs-E-Mail. Klicken Sie auf den Link darin, damit wir wissen, dass die Adresse Ihnen gehört.",
  "newsletter.step3":
    "Ab dann kommen neue Beiträge per E-Mail. Jede Nachricht enthält einen Link zum Abbestellen.",
  "newsletter.fineprint":
    "Ihre Adresse dient nur dem Versand dieses Newsletters und wird nie weitergegeben. Keine Bestätigung erhalten? Sehen Sie im Spam-Ordner nach und versuchen Sie es erneut: Ist die Adresse noch nicht eingetragen, kommt eine neue.",
  "newsletter.thanksTitle": "Danke",
  "newsletter.errorTitle": "Sie sind noch nicht angemeldet",
  "newsletter.readBlog": "Zum Blog",
  "newsletter.tryAgain": "Erneut versuchen",

  "form.title": "Neue Beiträge per E-Mail",
  "form.label": "E-Mail-Adresse",
  "form.labelPage": "Ihre E-Mail-Adresse",
  "form.hint": "Eine kurze E-Mail, wenn etwas Neues erscheint. Jede E-Mail lässt sich abbestellen.",
  "form.placeholder": "name@beispiel.de",
  "form.submit": "Anmelden",
  "form.sending": "Wird angemeldet…",
  "form.trap": "Dieses Feld leer lassen",
  "form.offline": "Die Website ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",

  "outcome.subscribed":
    "Danke. Ist diese Adresse noch nicht angemeldet, ist ein Bestätigungslink zu ihr unterwegs: Klicken Sie darauf, um die Anmeldung zu bestätigen.",
  "outcome.queued":
    "Danke. Ist diese Adresse noch nicht angemeldet, erreicht sie in wenigen Minuten ein Bestätigungslink: Klicken Sie darauf, um die Anmeldung zu bestätigen.",
  "outcome.recentlySent":
    "Danke. Ist diese Adresse noch nicht angemeldet, wurde ihr vor Kurzem ein Bestätigungslink gesendet: Sehen Sie im Posteingang (und im Spam-Ordner) nach.",
  "outcome.unavailable":
    "Die Anmeldung hat gerade nicht geklappt. Nichts wurde gespeichert; bitte versuchen Sie es in einer Minute erneut.",
  "outcome.busy":
    "Gerade kommen sehr viele Anmeldungen an, Ihre wurde nicht gespeichert. Bitte versuchen Sie es in einer Minute erneut.",
  "outcome.rateLimited": "Das waren viele Versuche in kurzer Zeit. Bitte warten Sie ein paar Minuten.",
  "outcome.invalid.empty": "Geben Sie Ihre E-Mail-Adresse ein.",
  "outcome.invalid.tooLong": "Diese Adresse ist zu lang: E-Mail-Adressen haben höchstens 254 Zeichen.",
  "outcome.invalid.spaces": "E-Mail-Adressen enthalten keine Leerzeichen. Prüfen Sie, ob eines zu viel ist.",
  "outcome.invalid.missingAt": "Eine E-Mail-Adresse braucht ein @, etwa name@beispiel.de.",
  "outcome.invalid.missingDomain": "Ergänzen Sie die Domain nach dem @, etwa name@beispiel.de.",
  "outcome.invalid.shape":
    "Das sieht nicht wie eine E-Mail-Adresse aus. Prüfen Sie sie auf Tippfehler, etwa name@beispiel.de.",
  "outcome.invalid.rejected":
    "Der Newsletter-Dienst hat diese Adresse nicht angenommen. Prüfen Sie sie auf Tippfehler.",

  "feed.rss": "{site} (RSS)",
  "feed.atom": "{site} (Atom)",
  "feed.json": "{site} (JSON Feed)",
  "feed.copyright": "© {year} {site}",

  "front.busy.title": "Die Website startet gerade neu oder ist ausgelastet",
  "front.busy.lede":
    "Mit Ihrer Verbindung ist alles in Ordnung. Bitte versuchen Sie es in ein paar Sekunden erneut.",
  "front.tooMany.title": "Zu viele Anfragen von Ihrer Adresse",
  "front.tooMany.lede": "Bitte warten Sie ein paar Sekunden und versuchen Sie es dann erneut.",
  "front.tooLarge.title": "Diese Anfrage ist zu groß",
  "front.tooLarge.lede": "Bitte gehen Sie zurück und senden Sie weniger auf einmal.",
  "front.tryAgain": "Erneut versuchen",
  "newsletter.refused.method": "Abonnieren Sie über das Newsletter-Formular dieser Website.",
  "newsletter.refused.origin":
    "Dieses Formular nimmt nur Eingaben von dieser Website an. Bitte nutzen Sie das Formular auf der Website selbst.",
  "newsletter.refused.type":
    "Das Formular wurde in einer Form gesendet, die diese Website nicht annimmt. Bitte laden Sie die Seite neu und versuchen Sie es erneut.",
  "newsletter.refused.tooLarge":
    "Das ist zu viel für ein Newsletter-Abonnement. Geben Sie nur Ihre E-Mail-Adresse ein.",
  "newsletter.refused.unreadable":
    "Das Formular konnte nicht gelesen werden. Bitte laden Sie die Seite neu und versuchen Sie es erneut.",

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
  "admin.invite.notValid": "Ungültig: {emails}",
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

  "admin.account.title": "Ihr Konto",
  "admin.account.signedInAs": "Angemeldet als {email}.",
  "admin.account.passkeys": "Passkeys",
  "admin.account.passkeysLede":
    "Ein Passkey meldet Sie mit der Bildschirmsperre Ihres Geräts oder einem Sicherheitsschlüssel an: Sie müssen nichts eintippen, und er funktioniert nur auf dieser Website, kann also nicht abgefischt werden. Die Website speichert nur seinen öffentlichen Schlüssel.",
  "admin.account.sessions": "Sitzungen",
  "admin.account.sessionsLede":
    "Meldet Sie in jedem Browser und auf jedem Gerät ab, auch hier: nützlich, wenn Sie ein Gerät verloren haben oder irgendwo angemeldet geblieben sind.",
  "admin.account.everywhere": "Überall abmelden",

  "admin.passkeys.never": "nie",
  "admin.passkeys.history": "Hinzugefügt {added} · zuletzt verwendet {used}",
  "admin.passkeys.historySynced": "Hinzugefügt {added} · zuletzt verwendet {used} · synchronisiert",
  "admin.passkeys.added": "Passkey als „{name}“ hinzugefügt.",
  "admin.passkeys.renamed": "Umbenannt in „{name}“.",
  "admin.passkeys.removed": "„{name}“ entfernt.",
  "admin.passkeys.removedPasswordBack": "„{name}“ entfernt. Ihr Passwort meldet Sie wieder an.",
  "admin.passkeys.passwordOff": "Ihr Passwort meldet Sie nicht mehr an: Verwenden Sie einen Passkey.",
  "admin.passkeys.passwordOn": "Ihr Passwort meldet Sie wieder an.",
  "admin.passkeys.none": "Sie haben noch keine Passkeys.",
  "admin.passkeys.list": "Ihre Passkeys",
  "admin.passkeys.remove": "Entfernen",
  "admin.passkeys.removeOne": "{name} entfernen",
  "admin.passkeys.unsupported": "Dieser Browser kann keine Passkeys erstellen.",
  "admin.passkeys.waiting": "Warten auf Ihr Gerät …",
  "admin.passkeys.add": "Passkey hinzufügen",
  "admin.passkeys.reauth":
    "Um einen Passkey hinzuzufügen oder zu entfernen oder Ihr Passwort wieder einzuschalten, bestätigen Sie zuerst, dass Sie es sind: {link}, mit einem Passkey oder mit Ihrem Passwort (und Code). Die Anmeldung darf dafür höchstens {minutes} Minuten zurückliegen.",
  "admin.passkeys.reauthLink": "Melden Sie sich erneut an",
  "admin.passkeys.only":
    "Nur Passkeys: Mein Passwort meldet mich nicht mehr an. Wenn Sie alle Passkeys verlieren, kann der Betreiber der Website Ihr Passwort wieder einschalten.",
  "admin.passkeys.confirmTitle": "Diesen Passkey entfernen?",
  "admin.passkeys.confirm": "Passkey entfernen",
  "admin.passkeys.warning":
    "„{name}“ meldet Sie nicht mehr an. Das Gerät bietet ihn vielleicht weiterhin an; entfernen Sie ihn dort ebenfalls.",
  "admin.passkeys.warningLast":
    "„{name}“ meldet Sie nicht mehr an. Das Gerät bietet ihn vielleicht weiterhin an; entfernen Sie ihn dort ebenfalls. Es ist Ihr letzter Passkey, danach meldet Sie wieder Ihr Passwort an.",

  "admin.passkey.label": "Passkey",
  "admin.passkey.or": "oder",
  "admin.passkey.needsJavaScript":
    "Die Anmeldung mit einem Passkey braucht JavaScript. Melden Sie sich oben mit E-Mail-Adresse und Passwort an.",
  "admin.passkey.unsupported":
    "Dieser Browser kann keine Passkeys verwenden. Melden Sie sich oben mit E-Mail-Adresse und Passwort an.",
  "admin.passkey.waiting": "Warten auf Ihren Passkey …",
  "admin.passkey.signIn": "Mit einem Passkey anmelden",
  "admin.passkey.unfinished": "Die Anmeldung konnte nicht abgeschlossen werden. Versuchen Sie es erneut.",
  "admin.passkey.unreadable": "Die Antwort des Passkeys konnte nicht gelesen werden.",
  "admin.passkey.alreadyHere": "Dieses Gerät enthält bereits einen Ihrer Passkeys für diese Website.",
  "admin.passkey.notUsed":
    "Es wurde kein Passkey verwendet: Die Abfrage wurde geschlossen oder ist abgelaufen, oder dieses Gerät hat keinen Passkey für diese Website. Versuchen Sie es erneut oder melden Sie sich mit Ihrem Passwort an.",
  "admin.passkey.notAdded":
    "Es wurde kein Passkey hinzugefügt: Die Abfrage wurde geschlossen oder ist abgelaufen. Versuchen Sie es erneut.",
  "admin.passkey.cannotSignIn":
    "Dieser Browser konnte hier keinen Passkey verwenden. Melden Sie sich mit Ihrem Passwort an.",
  "admin.passkey.cannotCreate": "Dieser Browser konnte hier keinen Passkey erstellen.",
  "admin.passkey.unknownPasskey":
    "Dieser Passkey ist für diese Website nicht registriert (vielleicht wurde er entfernt). Melden Sie sich mit Ihrem Passwort oder einem anderen Passkey an.",
  "admin.passkey.invalid":
    "Die Antwort des Passkeys konnte nicht überprüft werden (vielleicht hat es zu lange gedauert). Versuchen Sie es erneut.",
  "admin.passkey.notConfigured":
    "Dieser Passkey gehört zu einem Konto, das diese Website nicht verwalten darf (ADMIN_USERS). Wenden Sie sich an den Betreiber der Website.",
  "admin.passkey.unavailable":
    "Passkeys können gerade nicht geprüft werden (ihr Speicher ist nicht erreichbar). Versuchen Sie es in einer Minute erneut oder melden Sie sich mit Ihrem Passwort an.",
  "admin.passkey.everywhereFailed":
    "Ihre anderen Sitzungen konnten nicht beendet werden (der Speicher dafür ist nicht erreichbar), und hier sind Sie weiterhin angemeldet. Versuchen Sie es in einer Minute erneut.",
  "admin.passkey.rateLimited":
    "Aus Ihrem Netzwerk wurden zu viele Passkey-Anmeldungen gestartet. Versuchen Sie es in einer Minute erneut.",
  "admin.passkey.busy":
    "Auf dieser Website laufen gerade zu viele Passkey-Anmeldungen. Versuchen Sie es in einer Minute erneut.",
  "admin.passkey.failuresLimited":
    "Zu viele Anmeldungen aus Ihrem Netzwerk sind fehlgeschlagen. Warten Sie die angezeigte Zeit ab oder melden Sie sich in einem Browser an, in dem Sie schon einmal angemeldet waren.",
  "admin.passkey.tooMany":
    "Sie haben bereits die Höchstzahl an Passkeys pro Administratorkonto. Entfernen Sie einen, bevor Sie einen weiteren hinzufügen.",
  "admin.passkey.enrolInvalid":
    "Der neue Passkey konnte nicht überprüft werden (vielleicht hat es zu lange gedauert, oder das Gerät hat Sie nicht verifiziert). Versuchen Sie es erneut.",
  "admin.passkey.duplicate": "Dieser Passkey ist bereits registriert.",
  "admin.passkey.notFound": "Dieser Passkey gehört nicht zu Ihren (vielleicht wurde er schon entfernt).",
  "admin.passkey.passkeysOnlyNeedsPasskey":
    "Fügen Sie einen Passkey hinzu, bevor Sie die Anmeldung mit Passwort ausschalten.",

  "admin.twoFactor.heading": "Zwei-Faktor-Anmeldung",
  "admin.twoFactor.intro":
    "Nach Ihrem Passwort fragt die Anmeldung nach einem 6-stelligen Code aus einer Authenticator-App auf Ihrem Telefon. So meldet ein gestohlenes Passwort allein niemanden an. Eine Anmeldung mit Passkey braucht keinen Code.",
  "admin.twoFactor.managedByOperator":
    "Die Zwei-Faktor-Anmeldung Ihres Kontos verwaltet der Betreiber der Website: Wenden Sie sich für Änderungen an ihn.",
  "admin.twoFactor.off": "Die Zwei-Faktor-Anmeldung ist aus.",
  "admin.twoFactor.on": "Die Zwei-Faktor-Anmeldung ist an.",
  "admin.twoFactor.turnOn": "Zwei-Faktor-Anmeldung einschalten",
  "admin.twoFactor.scan":
    "Scannen Sie diesen QR-Code mit Ihrer Authenticator-App oder geben Sie den Schlüssel dort von Hand ein.",
  "admin.twoFactor.qrAlt": "QR-Code Ihres Zwei-Faktor-Schlüssels",
  "admin.twoFactor.secret": "Schlüssel",
  "admin.twoFactor.codeLabel": "Code aus der App",
  "admin.twoFactor.codeHint": "6 Ziffern; er wechselt alle 30 Sekunden.",
  "admin.twoFactor.confirm": "Bestätigen und einschalten",
  "admin.twoFactor.codesHeading": "Ihre Wiederherstellungscodes",
  "admin.twoFactor.codesOnce":
    "Jeder Code meldet Sie einmal anstelle des App-Codes an, falls Sie Ihr Telefon verlieren. Sie werden nur jetzt angezeigt: Bewahren Sie sie sicher auf (in einem Passwort-Manager oder auf Papier).",
  "admin.twoFactor.codesSaved": "Ich habe sie gespeichert",
  "admin.twoFactor.left": "Noch {count} von {total} Wiederherstellungscodes übrig.",
  "admin.twoFactor.leftUnknown":
    "Wie viele Wiederherstellungscodes übrig sind, lässt sich gerade nicht lesen.",
  "admin.twoFactor.regenerate": "Neue Wiederherstellungscodes erzeugen",
  "admin.twoFactor.regenerated": "Neue Wiederherstellungscodes: Die alten gelten nicht mehr.",
  "admin.twoFactor.turnOff": "Zwei-Faktor-Anmeldung ausschalten",
  "admin.twoFactor.turnOffTitle": "Zwei-Faktor-Anmeldung ausschalten?",
  "admin.twoFactor.turnOffBody":
    "Dann meldet Sie Ihr Passwort allein wieder an, und Ihre Wiederherstellungscodes gelten nicht mehr.",
  "admin.twoFactor.turnedOn": "Die Zwei-Faktor-Anmeldung ist an: Die Anmeldung fragt jetzt nach einem Code.",
  "admin.twoFactor.turnedOff": "Die Zwei-Faktor-Anmeldung ist aus: Ihr Passwort allein meldet Sie an.",
  "admin.twoFactor.reauth":
    "Um die Zwei-Faktor-Anmeldung ein- oder auszuschalten oder neue Wiederherstellungscodes zu erhalten, bestätigen Sie zuerst, dass Sie es sind: {link}. Die Anmeldung darf dafür höchstens {minutes} Minuten zurückliegen.",
  "admin.twoFactor.reauthLink": "Melden Sie sich erneut an",
  "admin.twoFactor.wrongCode":
    "Dieser Code ist nicht der, den die App gerade anzeigt. Prüfen Sie, ob der Eintrag in der App der gerade hinzugefügte ist, und geben Sie den aktuellen Code ein.",
  "admin.twoFactor.noEnrolment":
    "Die Einrichtung wurde nicht innerhalb von 10 Minuten abgeschlossen oder in einem anderen Browser begonnen. Beginnen Sie erneut mit „Zwei-Faktor-Anmeldung einschalten“.",
  "admin.twoFactor.notOn": "Die Zwei-Faktor-Anmeldung ist für Ihr Konto nicht eingeschaltet.",
  "admin.twoFactor.alreadyOn":
    "Die Zwei-Faktor-Anmeldung ist für Ihr Konto bereits eingeschaltet. Schalten Sie sie zuerst aus, um eine neue App einzurichten.",
  "admin.twoFactor.operator":
    "Die Zwei-Faktor-Anmeldung Ihres Kontos verwaltet der Betreiber der Website; sie lässt sich hier nicht ändern.",
  "admin.twoFactor.unavailable":
    "Ihre Zwei-Faktor-Einstellungen lassen sich gerade nicht lesen oder speichern (der Speicher der Anmeldedaten ist nicht erreichbar). Versuchen Sie es in einer Minute erneut.",
};
