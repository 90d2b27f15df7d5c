import type { Translation } from "./catalogue";
import type { enAccount } from "./en-account";

/** The account page's words in German: passkeys, two-factor, sessions. */
export const deAccount: Translation<typeof enAccount> = {
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
