import { describe, expect, it } from "vitest";
import { mailbox } from "@/lib/delivery/address-key";

describe("mailbox: one key per inbox, however the address is written", () => {
  it("case and +tag fold everywhere; other domains keep their dots and hyphens", () => {
    expect(mailbox(" Ana.B-c+news@Example.ORG ")).toBe("ana.b-c@example.org");
  });

  it("Gmail: dots ignored, googlemail.com is gmail.com", () => {
    expect(mailbox("v.i.c.t.i.m+x@googlemail.com")).toBe("victim@gmail.com");
  });

  it("Proton: `.`, `-`, `_` and +tag ignored, and its four domains are one", () => {
    const spellings = [
      "victim@proton.me",
      "v.i-c_tim@proton.me",
      "V_I_C_T_I_M+a@PM.ME",
      "vic-tim+b@protonmail.com",
      "vi.ctim@protonmail.ch",
    ];
    expect(new Set(spellings.map(mailbox))).toEqual(new Set(["victim@proton.me"]));
  });

  it("iCloud: icloud.com, me.com and mac.com are one mailbox; dots are kept", () => {
    const spellings = ["victim@icloud.com", "Victim+a@ME.com", "victim+b@mac.com"];
    expect(new Set(spellings.map(mailbox))).toEqual(new Set(["victim@icloud.com"]));
    expect(mailbox("vic.tim@me.com")).toBe("vic.tim@icloud.com");
  });

  it("Fastmail: subdomain addressing folds to the name at the same domain", () => {
    expect(mailbox("x1@victim.fastmail.com")).toBe("victim@fastmail.com");
    expect(mailbox("shop@Victim.FastMail.COM")).toBe("victim@fastmail.com");
    expect(mailbox("victim+y@fastmail.com")).toBe("victim@fastmail.com");
    expect(mailbox("a@victim.fastmail.co.uk")).toBe("victim@fastmail.co.uk");
    expect(mailbox("a@victim.sent.com")).toBe("victim@sent.com");
    // `-` in a subdomain stands for the `_` of the name.
    expect(mailbox("a@joe-citizen.fastmail.fm")).toBe(mailbox("joe_citizen@fastmail.fm"));
  });

  it("a subdomain of a domain that is not Fastmail's is left alone", () => {
    expect(mailbox("x@victim.example.com")).toBe("x@victim.example.com");
    expect(mailbox("x@victim.proton.me")).toBe("x@victim.proton.me");
  });
});
