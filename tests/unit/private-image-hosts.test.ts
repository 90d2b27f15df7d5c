import { describe, expect, it } from "vitest";
import { imageHosts, imageLocalIpAllowed } from "@/lib/config/image-hosts.mjs";
import { ConfigError } from "@/lib/config/schema";
import { checkEnv } from "@/lib/config/schema";
import { privateImageHosts, privateImageHostsWarning } from "@/lib/blog/private-image-hosts";
import type { Resolve } from "@/lib/blog/cover-fetch";

/*
 * An image host on a private address: refused by Next's optimiser (covers and avatars simply
 * missing) unless IMAGE_ALLOW_PRIVATE_HOSTS opts in, and named by a start-up warning when it
 * does not. Names resolve through an injected resolver, so any name can be given any address.
 */

const remote = { WORKSPACE_URL: "https://acme.wps.test" };
const addresses: Record<string, string[]> = {
  "acme.wps.test": ["93.184.215.14"],
  "images.staging.acme.test": ["10.20.0.5"],
  "cdn.acme.test": ["151.101.1.69", "2a04:4e42::69"],
  "mixed.acme.test": ["151.101.65.69", "fd00::8"],
};
const resolve: Resolve = async (name) => {
  const found = addresses[name];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

describe("IMAGE_ALLOW_PRIVATE_HOSTS: the configuration", () => {
  it("maps to Next's images.dangerouslyAllowLocalIP: off by default with a real workspace, on in local mode", () => {
    expect(imageLocalIpAllowed(remote)).toBe(false);
    expect(imageLocalIpAllowed({})).toBe(true);
    for (const on of ["1", "true", "YES", " on "])
      expect(imageLocalIpAllowed({ ...remote, IMAGE_ALLOW_PRIVATE_HOSTS: on }), on).toBe(true);
    for (const off of ["0", "false", "", "off"])
      expect(imageLocalIpAllowed({ ...remote, IMAGE_ALLOW_PRIVATE_HOSTS: off }), off).toBe(false);
  });

  it("lets the preview images' cover loader fetch from the workspace and IMAGE_HOSTS on private addresses too", () => {
    const vars = { ...remote, IMAGE_HOSTS: "images.staging.acme.test" };
    expect(imageHosts(vars).map((h) => h.privateAddressAllowed)).toEqual([false, false]);
    expect(
      imageHosts({ ...vars, IMAGE_ALLOW_PRIVATE_HOSTS: "1" }).map((h) => h.privateAddressAllowed),
    ).toEqual([true, true]);
  });

  it("refuses a value that is neither on nor off, naming the variable", () => {
    const { problems } = checkEnv({ IMAGE_ALLOW_PRIVATE_HOSTS: "maybe" });
    expect(problems.map((p) => p.variable)).toEqual(["IMAGE_ALLOW_PRIVATE_HOSTS"]);
    expect(new ConfigError(problems).message).toMatch(/IMAGE_ALLOW_PRIVATE_HOSTS.*"maybe"/s);
  });
});

describe("the start-up warning about image hosts on private addresses", () => {
  it("names each host Next will refuse, its private addresses and the variable that allows it", async () => {
    const hosts = imageHosts({
      ...remote,
      IMAGE_HOSTS: "images.staging.acme.test, cdn.acme.test, mixed.acme.test, http://192.168.1.20:8080",
    });
    const found = await privateImageHosts(hosts, resolve);
    expect(found).toEqual([
      { origin: "https://images.staging.acme.test", addresses: ["10.20.0.5"] },
      { origin: "https://mixed.acme.test", addresses: ["fd00::8"] },
      { origin: "http://192.168.1.20:8080", addresses: ["192.168.1.20"] },
    ]);
    const warning = privateImageHostsWarning(found)!;
    expect(warning).toContain("https://images.staging.acme.test (10.20.0.5)");
    expect(warning).toContain("http://192.168.1.20:8080 (192.168.1.20)");
    expect(warning).toContain("covers and avatars");
    expect(warning).toContain("IMAGE_ALLOW_PRIVATE_HOSTS=1");
  });

  it("says nothing with the opt-in, for public hosts, for the local workspace, or for a name that does not resolve", async () => {
    const optIn = { ...remote, IMAGE_HOSTS: "images.staging.acme.test", IMAGE_ALLOW_PRIVATE_HOSTS: "1" };
    expect(await privateImageHosts(imageHosts(optIn), resolve)).toEqual([]);
    expect(await privateImageHosts(imageHosts({ ...remote, IMAGE_HOSTS: "cdn.acme.test" }), resolve)).toEqual(
      [],
    );
    expect(await privateImageHosts(imageHosts({}), resolve)).toEqual([]);
    expect(
      await privateImageHosts(imageHosts({ ...remote, IMAGE_HOSTS: "gone.acme.test" }), resolve),
    ).toEqual([]);
    expect(privateImageHostsWarning([])).toBeNull();
  });
});
