/** The account page's words in English: passkeys, two-factor, sessions. */
export const enAccount = {
  "admin.account.title": "Your account",
  "admin.account.signedInAs": "Signed in as {email}.",
  "admin.account.passkeys": "Passkeys",
  "admin.account.passkeysLede":
    "A passkey signs you in with your device’s screen lock or security key: nothing to type, and it only works on this site, so it cannot be phished. The site keeps only its public key.",
  "admin.account.sessions": "Sessions",
  "admin.account.sessionsLede":
    "Signs you out on every browser and device, this one too: use it if you lost a device or left yourself signed in somewhere.",
  "admin.account.everywhere": "Sign out everywhere",

  "admin.passkeys.never": "never",
  "admin.passkeys.history": "Added {added} · last used {used}",
  "admin.passkeys.historySynced": "Added {added} · last used {used} · synced",
  "admin.passkeys.added": "Passkey added as “{name}”.",
  "admin.passkeys.renamed": "Renamed to “{name}”.",
  "admin.passkeys.removed": "Removed “{name}”.",
  "admin.passkeys.removedPasswordBack": "Removed “{name}”. Your password signs you in again.",
  "admin.passkeys.passwordOff": "Your password no longer signs you in: use a passkey.",
  "admin.passkeys.passwordOn": "Your password signs you in again.",
  "admin.passkeys.none": "You have no passkeys yet.",
  "admin.passkeys.list": "Your passkeys",
  "admin.passkeys.remove": "Remove",
  "admin.passkeys.removeOne": "Remove {name}",
  "admin.passkeys.unsupported": "This browser cannot create passkeys.",
  "admin.passkeys.waiting": "Waiting for your device…",
  "admin.passkeys.add": "Add a passkey",
  "admin.passkeys.reauth":
    "To add or remove a passkey, or to turn your password back on, confirm it is you first: {link} with a passkey, or your password (and code). These need a sign-in within the last {minutes} minutes.",
  "admin.passkeys.reauthLink": "sign in again",
  "admin.passkeys.only":
    "Passkeys only: my password no longer signs me in. If you lose every passkey, the site’s operator can turn your password back on.",
  "admin.passkeys.confirmTitle": "Remove this passkey?",
  "admin.passkeys.confirm": "Remove passkey",
  "admin.passkeys.warning":
    "“{name}” will no longer sign you in. The device may still offer it; remove it there too.",
  "admin.passkeys.warningLast":
    "“{name}” will no longer sign you in. The device may still offer it; remove it there too. It is your last passkey, so your password signs you in again.",

  "admin.passkey.label": "Passkey",
  "admin.passkey.or": "or",
  "admin.passkey.needsJavaScript":
    "Signing in with a passkey needs JavaScript. Sign in with your email and password above.",
  "admin.passkey.unsupported":
    "This browser cannot use passkeys. Sign in with your email and password above.",
  "admin.passkey.waiting": "Waiting for your passkey…",
  "admin.passkey.signIn": "Sign in with a passkey",
  "admin.passkey.unfinished": "The sign-in could not be finished. Try again.",
  "admin.passkey.unreadable": "The passkey's answer could not be read.",
  "admin.passkey.alreadyHere": "This device already holds one of your passkeys for this site.",
  "admin.passkey.notUsed":
    "No passkey was used: the prompt was closed or timed out, or this device has no passkey for this site. Try again, or sign in with your password.",
  "admin.passkey.notAdded": "No passkey was added: the prompt was closed or timed out. Try again.",
  "admin.passkey.cannotSignIn": "This browser could not use a passkey here. Sign in with your password.",
  "admin.passkey.cannotCreate": "This browser could not create a passkey here.",
  "admin.passkey.unknownPasskey":
    "This passkey is not registered for this site (it may have been removed). Sign in with your password, or with another passkey.",
  "admin.passkey.invalid":
    "The passkey's answer could not be verified (it may have taken too long). Try again.",
  "admin.passkey.notConfigured":
    "This passkey belongs to an account that is not an admin of this site (ADMIN_USERS). Ask the site's operator.",
  "admin.passkey.unavailable":
    "Passkeys cannot be checked right now (their store is unreachable). Try again in a minute, or sign in with your password.",
  "admin.passkey.everywhereFailed":
    "Your other sessions could not be ended (the store that records it is unreachable), and you are still signed in here. Try again in a minute.",
  "admin.passkey.rateLimited":
    "Too many passkey sign-ins were started from your network. Try again in a minute.",
  "admin.passkey.busy": "Too many passkey sign-ins are under way on this site. Try again in a minute.",
  "admin.passkey.failuresLimited":
    "Too many sign-ins from your network have failed. Wait the time shown, or sign in from a browser that signed in before.",
  "admin.passkey.tooMany": "You hold the most passkeys one admin may have. Remove one before adding another.",
  "admin.passkey.enrolInvalid":
    "The new passkey could not be verified (it may have taken too long, or the device did not verify you). Try again.",
  "admin.passkey.duplicate": "This passkey is already registered.",
  "admin.passkey.notFound": "That passkey is not one of yours (it may have been removed already).",
  "admin.passkey.passkeysOnlyNeedsPasskey": "Add a passkey before turning off sign-in with your password.",

  "admin.twoFactor.heading": "Two-factor",
  "admin.twoFactor.intro":
    "After your password, sign-in asks for a 6-digit code from an authenticator app on your phone, so a stolen password alone does not sign anyone in. A passkey sign-in needs no code.",
  "admin.twoFactor.managedByOperator":
    "Two-factor for your account is managed by the site’s operator: ask them to change it.",
  "admin.twoFactor.off": "Two-factor is off.",
  "admin.twoFactor.on": "Two-factor is on.",
  "admin.twoFactor.turnOn": "Turn on two-factor",
  "admin.twoFactor.scan":
    "Scan this QR code with your authenticator app, or type the secret into it by hand.",
  "admin.twoFactor.qrAlt": "QR code of your two-factor secret",
  "admin.twoFactor.secret": "Secret",
  "admin.twoFactor.codeLabel": "Code from the app",
  "admin.twoFactor.codeHint": "6 digits; it changes every 30 seconds.",
  "admin.twoFactor.confirm": "Confirm and turn on",
  "admin.twoFactor.codesHeading": "Your recovery codes",
  "admin.twoFactor.codesOnce":
    "Each signs you in once in place of the app’s code, if you lose your phone. They are shown only now: keep them somewhere safe (a password manager, or paper).",
  "admin.twoFactor.codesSaved": "I have saved them",
  "admin.twoFactor.left": "{count} of {total} recovery codes left.",
  "admin.twoFactor.leftUnknown": "How many recovery codes are left cannot be read right now.",
  "admin.twoFactor.regenerate": "Regenerate recovery codes",
  "admin.twoFactor.regenerated": "New recovery codes: the old ones no longer work.",
  "admin.twoFactor.turnOff": "Turn off two-factor",
  "admin.twoFactor.turnOffTitle": "Turn off two-factor?",
  "admin.twoFactor.turnOffBody":
    "Your password alone will sign you in again, and your recovery codes stop working.",
  "admin.twoFactor.turnedOn": "Two-factor is on: sign-in now asks for a code.",
  "admin.twoFactor.turnedOff": "Two-factor is off: your password alone signs you in.",
  "admin.twoFactor.reauth":
    "To turn two-factor on or off, or to get new recovery codes, confirm it is you first: {link}. These need a sign-in within the last {minutes} minutes.",
  "admin.twoFactor.reauthLink": "sign in again",
  "admin.twoFactor.wrongCode":
    "That code is not the one the app shows now. Check that the app’s entry is the one you just added and try the current code.",
  "admin.twoFactor.noEnrolment":
    "The enrolment was not finished within 10 minutes, or started in another browser. Start again with “Turn on two-factor”.",
  "admin.twoFactor.notOn": "Two-factor is not on for your account.",
  "admin.twoFactor.alreadyOn":
    "Two-factor is already on for your account. Turn it off first to enrol a new app.",
  "admin.twoFactor.operator":
    "Two-factor for your account is managed by the site’s operator, so it cannot be changed here.",
  "admin.twoFactor.unavailable":
    "Your two-factor settings cannot be read or saved right now (the credential store is unreachable). Try again in a minute.",
} as const;
