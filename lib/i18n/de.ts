import { deAccount } from "./de-account";
import { deAdmin } from "./de-admin";
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
  ...deAdmin,
  ...deAccount,
};
