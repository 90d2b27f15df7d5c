/*
 * Every word of the account page's two-factor section and its API answers, in English, in one
 * place, so they can move into the admin catalogue as one piece.
 */
export const TWO_FACTOR_WORDS = {
  heading: "Two-factor",
  intro:
    "After your password, sign-in asks for a 6-digit code from an authenticator app on your phone, so a stolen password alone does not sign anyone in. A passkey sign-in needs no code.",
  managed_by_operator:
    "Two-factor for your account is managed by the site's operator (ADMIN_TOTP): ask them to change it.",
  off: "Two-factor is off.",
  on: "Two-factor is on.",
  turn_on: "Turn on two-factor",
  scan: "Scan this QR code with your authenticator app, or type the secret into it by hand.",
  qr_alt: "QR code of your two-factor secret",
  secret_label: "Secret",
  code_label: "Code from the app",
  code_hint: "6 digits; it changes every 30 seconds.",
  confirm: "Confirm and turn on",
  cancel: "Cancel",
  codes_heading: "Your recovery codes",
  codes_once:
    "Each signs you in once in place of the app's code, if you lose your phone. They are shown only now: keep them somewhere safe (a password manager, or paper).",
  codes_saved: "I have saved them",
  left: (left: number, total: number) => `${left} of ${total} recovery codes left.`,
  left_unknown: "How many recovery codes are left cannot be read right now.",
  regenerate: "Regenerate recovery codes",
  regenerated: "New recovery codes: the old ones no longer work.",
  turn_off: "Turn off two-factor",
  turn_off_title: "Turn off two-factor?",
  turn_off_body: "Your password alone will sign you in again, and your recovery codes stop working.",
  turned_on: "Two-factor is on: sign-in now asks for a code.",
  turned_off: "Two-factor is off: your password alone signs you in.",
  reauth:
    "To turn two-factor on or off, or to get new recovery codes, confirm it is you first: sign in again. These need a sign-in within the last 10 minutes.",
  reauth_link: "sign in again",
  // API answers
  wrong_code:
    "That code is not the one the app shows now. Check that the app's entry is the one you just added and try the current code.",
  no_enrolment:
    "The enrolment was not finished within 10 minutes, or started in another browser. Start again with “Turn on two-factor”.",
  not_on: "Two-factor is not on for your account.",
  already_on: "Two-factor is already on for your account. Turn it off first to enrol a new app.",
  operator:
    "Two-factor for your account is managed by the site's operator (ADMIN_TOTP), so it cannot be changed here.",
  unavailable:
    "Your two-factor settings cannot be read or saved right now (the credential store is unreachable). Try again in a minute.",
} as const;
