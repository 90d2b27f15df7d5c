import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER, peerAddressStamp, stampPeerAddress, whoIsAsking } from "@/lib/http/client-key";

/*
 * Who is asking (lib/http/client-key.ts): the client and holder every budget counts, from the
 * connection or the trusted hops, whatever the path is spelled like.
 */

const req = (headers: Record<string, string>) =>
  new Request("https://news.example.org/api/newsletter", { method: "POST", headers });
const fromSocket = (address: string, headers: Record<string, string> = {}) => {
  const r = req(headers);
  stampPeerAddress(r.headers, address);
  return r;
};
const UNKNOWN = { client: "unknown-client", holder: "unknown-client" };

describe("whoIsAsking", () => {
  it("without a trusted proxy: the connection's address; a client's own X-Forwarded-For is ignored", () => {
    expect(whoIsAsking(fromSocket("192.0.2.1", { "x-forwarded-for": "1.1.1.1, 2.2.2.2" }), 0)).toEqual({
      client: "192.0.2.1",
      holder: "192.0.2.0/24",
    });
    expect(whoIsAsking(fromSocket("::ffff:127.0.0.1"), 0)).toEqual({
      client: "127.0.0.1",
      holder: "127.0.0.0/24",
    });
  });

  it("an IPv6 client is its /64, its holder the /48", () => {
    expect(whoIsAsking(fromSocket("2001:db8:1:2:aaaa::5"), 0)).toEqual({
      client: "2001:db8:1:2::/64",
      holder: "2001:db8:1::/48",
    });
  });

  it("a made-up peer header, or none, is one shared unknown client, never the header's value", () => {
    expect(whoIsAsking(req({ "x-forwarded-for": "2.2.2.2" }), 0)).toEqual(UNKNOWN);
    expect(whoIsAsking(req({ [PEER_ADDRESS_HEADER]: "guess 9.9.9.9" }), 0)).toEqual(UNKNOWN);
    expect(whoIsAsking(req({ [PEER_ADDRESS_HEADER]: "9.9.9.9" }), 0)).toEqual(UNKNOWN);
  });

  it("with N appending proxies: the Nth entry from the right; 'true' (overwriting proxy) the leftmost", () => {
    const r = fromSocket("10.0.0.9", { "x-forwarded-for": "6.6.6.6, 1.1.1.1, 10.0.0.2" });
    expect(whoIsAsking(r, 1).client).toBe("10.0.0.2");
    expect(whoIsAsking(r, 2).client).toBe("1.1.1.1");
    expect(whoIsAsking(r, Number.MAX_SAFE_INTEGER).client).toBe("6.6.6.6");
    // A trusted proxy that sent no header: the connection it came from.
    expect(whoIsAsking(fromSocket("10.0.0.9"), 1).client).toBe("10.0.0.9");
  });

  it("what is no address is the unknown client: a header cannot grow the key space", () => {
    expect(whoIsAsking(req({ "x-forwarded-for": "x".repeat(500) }), 1)).toEqual(UNKNOWN);
  });
});

describe("the server's stamp", () => {
  /** A request as Node's server hands it over, stamped as the site's server does. */
  const stamped = (method: string, url: string, address: string) => {
    const incoming = { method, url, headers: {}, socket: { remoteAddress: address } };
    peerAddressStamp(incoming as unknown as IncomingMessage, 0);
    return new Headers(incoming.headers as Record<string, string>);
  };

  it("without a trusted proxy, X-Forwarded-For is the connection's address, whatever the client sent", () => {
    const incoming = { headers: { "x-forwarded-for": "1.1.1.1" }, socket: { remoteAddress: "192.0.2.9" } };
    peerAddressStamp(incoming as unknown as IncomingMessage, 0);
    expect(incoming.headers["x-forwarded-for"]).toBe("192.0.2.9");
    const proxied = { headers: { "x-forwarded-for": "1.1.1.1" }, socket: { remoteAddress: "10.0.0.2" } };
    peerAddressStamp(proxied as unknown as IncomingMessage, 1);
    expect(proxied.headers["x-forwarded-for"]).toBe("1.1.1.1");
  });

  it("every spelling of a path carries the connection's address: /./search is not one shared client", () => {
    for (const url of ["/search?q=a", "/./search?q=a", "//search?q=a", "/%73earch?q=a", "/blog", "/"]) {
      expect(whoIsAsking({ headers: stamped("GET", url, "198.51.100.7") }, 0), url).toEqual({
        client: "198.51.100.7",
        holder: "198.51.100.0/24",
      });
    }
  });
});
