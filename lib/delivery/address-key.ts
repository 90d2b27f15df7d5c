import { createHash } from "node:crypto";

/*
 * One mailbox, however its address is written, so its limits (confirmation emails, one pending
 * delivery) cannot be escaped by `victim+1@` … `victim+40@`: case-folded, `+tag` removed on every
 * domain (most providers deliver sub-addresses), then PROVIDERS' rules. Folding too much only
 * makes two mailboxes share limits, so where a rule is unclear the table folds. Only keys use
 * this form; the workspace receives the address as typed.
 */

type Provider = {
  domains: readonly string[];
  /** The domain every spelling is keyed under, when the provider's domains are one mailbox. */
  oneDomain?: string;
  /** Characters the provider ignores in the name. */
  ignored?: RegExp;
  /** `anything@name.<domain>` is `name@<domain>`, `-` in the subdomain for `_` (hostnames cannot hold `_`). */
  subdomainAddressing?: boolean;
};

const PROVIDERS: readonly Provider[] = [
  // Gmail ignores dots (https://support.google.com/mail/answer/7436150); googlemail.com is the same mailboxes.
  { domains: ["gmail.com", "googlemail.com"], oneDomain: "gmail.com", ignored: /\./g },
  // Proton ignores `.`, `-` and `_` (https://www.sindastra.de/p/1775/protonmail-dots-hyphens-and-underscores),
  // and a personal address exists at each domain (https://proton.me/support/addresses-and-aliases).
  {
    domains: ["proton.me", "pm.me", "protonmail.com", "protonmail.ch"],
    oneDomain: "proton.me",
    ignored: /[.\-_]/g,
  },
  // iCloud Mail: a name at icloud.com, me.com or mac.com is one inbox.
  { domains: ["icloud.com", "me.com", "mac.com"], oneDomain: "icloud.com" },
  // Fastmail's subdomain addressing on every Fastmail domain its help centre lists:
  // https://www.fastmail.help/hc/en-us/articles/360060591053, https://fastmail.com/blog/two-address-resolving-additions
  {
    domains: `
      fastmail.com fastmail.cn fastmail.co.uk fastmail.com.au fastmail.de fastmail.es fastmail.fm
      fastmail.fr fastmail.im fastmail.in fastmail.jp fastmail.mx fastmail.net fastmail.nl
      fastmail.org fastmail.se fastmail.to fastmail.tw fastmail.uk fastmail.us 123mail.org
      airpost.net eml.cc fmail.co.uk fmgirl.com fmguy.com mailbolt.com mailcan.com mailhaven.com
      mailmight.com ml1.net mm.st myfastmail.com proinbox.com promessage.com rushpost.com sent.as
      sent.at sent.com speedymail.org warpmail.net xsmail.com 150mail.com 150ml.com 16mail.com
      2-mail.com 4email.net 50mail.com allmail.net bestmail.us cluemail.com elitemail.org
      emailcorner.net emailengine.net emailengine.org emailgroups.net emailplus.org emailuser.net
      f-m.fm fast-email.com fast-mail.org fastem.com fastemail.us fastemailer.com fastest.cc
      fastimap.com fastmailbox.net fastmessaging.com fea.st fmailbox.com ftml.net h-mail.us
      hailmail.net imap-mail.com imap.cc imapmail.org inoutbox.com internet-e-mail.com
      internet-mail.org internetemails.net internetmailing.net jetemail.net justemail.net
      letterboxes.org mail-central.com mail-page.com mailas.com mailc.net mailforce.net
      mailftp.com mailingaddress.org mailite.com mailnew.com mailsent.net mailservice.ms
      mailup.net mailworks.org mymacmail.com nospammail.net ownmail.net petml.com postinbox.com
      postpro.net realemail.net reallyfast.biz reallyfast.info speedpost.net ssl-mail.com
      swift-mail.com the-fastest.net the-quickest.com theinternetemail.com veryfast.biz
      veryspeedy.net yepmail.net your-mail.com
    `
      .trim()
      .split(/\s+/),
    subdomainAddressing: true,
  },
];

const BY_DOMAIN = new Map(PROVIDERS.flatMap((p) => p.domains.map((d) => [d, p] as const)));

export function mailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let name = address.slice(0, at);
  let domain = address.slice(at + 1);
  let provider = BY_DOMAIN.get(domain);
  // `tag@name.<domain>` is `name@<domain>`. Longest base first: `x.fastmail.co.uk` is fastmail.co.uk's, not co.uk's.
  const labels = domain.split(".");
  for (let i = 1; !provider && i < labels.length - 1; i++) {
    const base = labels.slice(i).join(".");
    const found = BY_DOMAIN.get(base);
    if (found?.subdomainAddressing) [provider, name, domain] = [found, labels[i - 1]!, base];
  }
  const plus = name.indexOf("+");
  if (plus > 0) name = name.slice(0, plus);
  if (provider?.ignored) name = name.replace(provider.ignored, "");
  if (provider?.subdomainAddressing) name = name.replace(/-/g, "_");
  return `${name}@${provider?.oneDomain ?? domain}`;
}

/** The mailbox hashed: a BullMQ job id (no ':'), and no address in Redis key listings. */
export function addressKey(email: string): string {
  return createHash("sha256").update(mailbox(email)).digest("hex");
}
