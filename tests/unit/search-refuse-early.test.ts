import { describe, expect, it } from "vitest";
import { refuseEarly, refusedAtStart } from "@/lib/search/refuse-early";

/*
 * Which searches are answered with the prerendered busy page before Next renders anything
 * (lib/search/refuse-early.ts): those from a client or network the page refused for its limit,
 * until it may search again. The site-wide budget's part is in search-budget.test.ts.
 */

describe("refusing a search before rendering", () => {
  it("refuses every client of a network the limit refused, and no other network", () => {
    const network = "198.51.100.0/24";
    expect(refusedAtStart("GET", "/search?q=static", "198.51.100.7", network)).toBe(false);
    refuseEarly(network, 30);
    expect(refusedAtStart("GET", "/search?q=static", "198.51.100.7", network)).toBe(true);
    expect(refusedAtStart("GET", "/search?q=x&page=2", "198.51.100.8", network)).toBe(true);
    expect(refusedAtStart("GET", "/search?q=static", "198.51.101.7", "198.51.101.0/24")).toBe(false);
  });

  it("refuses a client the limit refused, not its network's other clients", () => {
    const network = "2001:db8:9:1::/64";
    refuseEarly("2001:db8:9:1::5", 30);
    expect(refusedAtStart("GET", "/search?q=static", "2001:db8:9:1::5", network)).toBe(true);
    expect(refusedAtStart("GET", "/search?q=static", "2001:db8:9:1::6", network)).toBe(false);
  });

  it("leaves alone the empty form, other methods and other paths", () => {
    const network = "203.0.113.0/24";
    refuseEarly(network, 30);
    expect(refusedAtStart("GET", "/search?q=", "203.0.113.1", network)).toBe(false);
    expect(refusedAtStart("GET", "/search?q=%20", "203.0.113.1", network)).toBe(false);
    expect(refusedAtStart("POST", "/search?q=static", "203.0.113.1", network)).toBe(false);
    expect(refusedAtStart("GET", "/blog?q=static", "203.0.113.1", network)).toBe(false);
  });

  it("lets the network search again once its wait is over", () => {
    const network = "192.0.2.0/24";
    refuseEarly(network, 0);
    expect(refusedAtStart("GET", "/search?q=static", "192.0.2.1", network)).toBe(false);
  });
});
