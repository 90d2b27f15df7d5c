import { createHash } from "node:crypto";

/*
 * One mailbox, however its address is written. Limits that protect an inbox (how many
 * confirmation emails it gets, one pending delivery at a time) must not be escaped by writing
 * the same mailbox another way, or `victim+1@…` … `victim+40@…` sends forty emails to one inbox:
 *  - case-folded: mail providers treat `Ana@` and `ana@` as one mailbox;
 *  - `+tag` removed: sub-addressing delivers `name+anything@` to `name@` at Gmail, Google
 *    Workspace, Outlook.com and Microsoft 365, iCloud, Fastmail, Proton Mail, Zoho and most
 *    self-hosted servers (Postfix and Exim default to `+`). Applied to every domain: where a
 *    `+` is a real part of the name, the two addresses only share these limits;
 *  - then the rules of the providers in PROVIDERS, which deliver more spellings to one inbox.
 * Folding too much only makes two mailboxes share these limits; folding too little lets one
 * inbox be flooded, so where a provider's rule is unclear the table folds.
 * Only the keys use this form; the workspace receives the address as the reader typed it.
 */

type Provider = {
  /** The provider's own domains, lower case. */
  domains: readonly string[];
  /** The domain every spelling is keyed under, when the provider's domains are one mailbox. */
  oneDomain?: string;
  /** Characters the provider ignores in the name. */
  ignored?: RegExp;
  /**
   * `anything@name.<domain>` is delivered to `name@<domain>`; in such subdomains `-` stands for
   * the `_` of the name (hostnames cannot hold `_`).
   */
  subdomainAddressing?: boolean;
};

/** Every provider-specific rule, in one place. */
const PROVIDERS: readonly Provider[] = [
  // Gmail ignores dots in the name (https://support.google.com/mail/answer/7436150, "Dots
  // don't matter in Gmail addresses"), and googlemail.com is Gmail's other name for the same
  // mailboxes.
  { domains: ["gmail.com", "googlemail.com"], oneDomain: "gmail.com", ignored: /\./g },
  // Proton ignores `.`, `-` and `_` in the name (confirmed by Proton support, seen in the wild:
  // https://www.sindastra.de/p/1775/protonmail-dots-hyphens-and-underscores), and an account's
  // personal address exists at each of its domains (`alice@protonmail.com` is also
  // `alice@pm.me`; protonmail.ch for older accounts; proton.me for newer ones):
  // https://proton.me/support/addresses-and-aliases.
  {
    domains: ["proton.me", "pm.me", "protonmail.com", "protonmail.ch"],
    oneDomain: "proton.me",
    ignored: /[.\-_]/g,
  },
  // iCloud Mail: a name at icloud.com, me.com or mac.com is one inbox (older accounts kept both).
  { domains: ["icloud.com", "me.com", "mac.com"], oneDomain: "icloud.com" },
  // Fastmail's subdomain addressing: `anything@name.fastmail.com` is `name+anything@fastmail.com`
  // on every Fastmail domain:
  // https://www.fastmail.help/hc/en-us/articles/360060591053 ("Plus addressing and subdomain
  // addressing"); `-` in the subdomain for `_` in the name:
  // https://fastmail.com/blog/two-address-resolving-additions. The domains are the ones
  // Fastmail's help centre lists for new addresses ("Fastmail domains"), older ones included.
  {
    domains: [
      "fastmail.com",
      "fastmail.cn",
      "fastmail.co.uk",
      "fastmail.com.au",
      "fastmail.de",
      "fastmail.es",
      "fastmail.fm",
      "fastmail.fr",
      "fastmail.im",
      "fastmail.in",
      "fastmail.jp",
      "fastmail.mx",
      "fastmail.net",
      "fastmail.nl",
      "fastmail.org",
      "fastmail.se",
      "fastmail.to",
      "fastmail.tw",
      "fastmail.uk",
      "fastmail.us",
      "123mail.org",
      "airpost.net",
      "eml.cc",
      "fmail.co.uk",
      "fmgirl.com",
      "fmguy.com",
      "mailbolt.com",
      "mailcan.com",
      "mailhaven.com",
      "mailmight.com",
      "ml1.net",
      "mm.st",
      "myfastmail.com",
      "proinbox.com",
      "promessage.com",
      "rushpost.com",
      "sent.as",
      "sent.at",
      "sent.com",
      "speedymail.org",
      "warpmail.net",
      "xsmail.com",
      "150mail.com",
      "150ml.com",
      "16mail.com",
      "2-mail.com",
      "4email.net",
      "50mail.com",
      "allmail.net",
      "bestmail.us",
      "cluemail.com",
      "elitemail.org",
      "emailcorner.net",
      "emailengine.net",
      "emailengine.org",
      "emailgroups.net",
      "emailplus.org",
      "emailuser.net",
      "f-m.fm",
      "fast-email.com",
      "fast-mail.org",
      "fastem.com",
      "fastemail.us",
      "fastemailer.com",
      "fastest.cc",
      "fastimap.com",
      "fastmailbox.net",
      "fastmessaging.com",
      "fea.st",
      "fmailbox.com",
      "ftml.net",
      "h-mail.us",
      "hailmail.net",
      "imap-mail.com",
      "imap.cc",
      "imapmail.org",
      "inoutbox.com",
      "internet-e-mail.com",
      "internet-mail.org",
      "internetemails.net",
      "internetmailing.net",
      "jetemail.net",
      "justemail.net",
      "letterboxes.org",
      "mail-central.com",
      "mail-page.com",
      "mailas.com",
      "mailc.net",
      "mailforce.net",
      "mailftp.com",
      "mailingaddress.org",
      "mailite.com",
      "mailnew.com",
      "mailsent.net",
      "mailservice.ms",
      "mailup.net",
      "mailworks.org",
      "mymacmail.com",
      "nospammail.net",
      "ownmail.net",
      "petml.com",
      "postinbox.com",
      "postpro.net",
      "realemail.net",
      "reallyfast.biz",
      "reallyfast.info",
      "speedpost.net",
      "ssl-mail.com",
      "swift-mail.com",
      "the-fastest.net",
      "the-quickest.com",
      "theinternetemail.com",
      "veryfast.biz",
      "veryspeedy.net",
      "yepmail.net",
      "your-mail.com",
    ],
    subdomainAddressing: true,
  },
];

const BY_DOMAIN = new Map(PROVIDERS.flatMap((p) => p.domains.map((d) => [d, p] as const)));

/** The provider whose domain `domain` is, or is a subdomain of (for subdomain addressing). */
function providerOf(domain: string): { provider: Provider; base: string; sub?: string } | undefined {
  const exact = BY_DOMAIN.get(domain);
  if (exact) return { provider: exact, base: domain };
  // Longest base first, so `x.fastmail.co.uk` is a subdomain of fastmail.co.uk, not of co.uk.
  const labels = domain.split(".");
  for (let i = 1; i < labels.length - 1; i++) {
    const base = labels.slice(i).join(".");
    const provider = BY_DOMAIN.get(base);
    if (provider?.subdomainAddressing) return { provider, base, sub: labels[i - 1] };
  }
  return undefined;
}

export function mailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let name = address.slice(0, at);
  let domain = address.slice(at + 1);
  const found = providerOf(domain);
  if (found?.sub) {
    // The name left of the @ is the tag; the subdomain's label is the mailbox.
    name = found.sub.replace(/-/g, "_");
    domain = found.base;
  }
  const plus = name.indexOf("+");
  if (plus > 0) name = name.slice(0, plus);
  if (found) {
    const { provider } = found;
    if (provider.ignored) name = name.replace(provider.ignored, "");
    if (provider.subdomainAddressing) name = name.replace(/-/g, "_");
    domain = provider.oneDomain ?? found.base;
  }
  return `${name}@${domain}`;
}

/**
 * One pending delivery per mailbox: the key is the mailbox, hashed so it can be a BullMQ job id
 * (no ':') and so Redis key listings do not show addresses.
 */
export function addressKey(email: string): string {
  return createHash("sha256").update(mailbox(email)).digest("hex");
}
