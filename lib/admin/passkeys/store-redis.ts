import type { Redis } from "ioredis";
import {
  toPasskey,
  type Passkey,
  type PasskeyStore,
  type PasskeyUse,
  type SignInState,
  type StoredTwoFactor,
} from "./store";

const ROOT = "masthead:passkeys";
const credentialKey = (id: string) => `${ROOT}:credential:${id}`;
const adminKey = (email: string) => `${ROOT}:admin:${email}`;
const PASSKEYS_ONLY = `${ROOT}:passkeys-only`;
const SIGNED_OUT = `${ROOT}:signed-out`;
const TWO_FACTOR = `${ROOT}:two-factor`;

/** Sets the counter, backup state and last use, only if the passkey exists and its counter moves forward. */
const RECORD_USE = `
local current = redis.call('HGET', KEYS[1], 'counter')
if not current then return 0 end
current = tonumber(current)
local next = tonumber(ARGV[1])
if current < next or (current == 0 and next == 0) then
  redis.call('HSET', KEYS[1], 'counter', ARGV[1], 'backedUp', ARGV[2], 'lastUsedAt', ARGV[3])
  return 1
end
return 0`;

/** Adds the credential unless its id exists, and indexes it under its admin, in one step. */
const ADD = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
redis.call('SADD', KEYS[2], ARGV[2])
return 1`;

/** The shared engine: a hash per credential, a set of ids per admin, then one set or hash per choice for every admin. */
export class RedisPasskeyStore implements PasskeyStore {
  constructor(
    private readonly redis: Redis,
    /** Resolves once the connection's first attempt is answered, so a first request does not miss Redis. */
    private readonly ready: () => Promise<void> = async () => {},
  ) {}

  private async client(): Promise<Redis> {
    await this.ready();
    return this.redis;
  }

  async list(email: string): Promise<Passkey[]> {
    const redis = await this.client();
    const ids = await redis.smembers(adminKey(email));
    const found = await Promise.all(ids.map((id) => this.get(id)));
    return found
      .filter((p): p is Passkey => p !== null && p.email === email)
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  }

  async get(id: string): Promise<Passkey | null> {
    const redis = await this.client();
    return toPasskey(await redis.hgetall(credentialKey(id)));
  }

  async add(p: Passkey): Promise<boolean> {
    const redis = await this.client();
    const fields = {
      id: p.id,
      email: p.email,
      publicKey: p.publicKey,
      counter: String(p.counter),
      transports: JSON.stringify(p.transports),
      deviceType: p.deviceType,
      backedUp: p.backedUp ? "1" : "0",
      userHandle: p.userHandle,
      name: p.name,
      createdAt: String(p.createdAt),
      lastUsedAt: p.lastUsedAt === null ? "" : String(p.lastUsedAt),
    };
    // `id` first: the script indexes ARGV[2], the id's value.
    const argv = Object.entries(fields).flat();
    const added = await redis.eval(ADD, 2, credentialKey(p.id), adminKey(p.email), ...argv);
    return added === 1;
  }

  async recordUse(id: string, use: PasskeyUse): Promise<boolean> {
    const redis = await this.client();
    const done = await redis.eval(
      RECORD_USE,
      1,
      credentialKey(id),
      String(use.counter),
      use.backedUp ? "1" : "0",
      String(use.at),
    );
    return done === 1;
  }

  async rename(email: string, id: string, name: string): Promise<boolean> {
    const existing = await this.get(id);
    if (!existing || existing.email !== email) return false;
    await (await this.client()).hset(credentialKey(id), "name", name);
    return true;
  }

  async remove(email: string, id: string): Promise<boolean> {
    const existing = await this.get(id);
    if (!existing || existing.email !== email) return false;
    const redis = await this.client();
    await redis.multi().del(credentialKey(id)).srem(adminKey(email), id).exec();
    return true;
  }

  async removeAll(email: string): Promise<number> {
    const redis = await this.client();
    const ids = await redis.smembers(adminKey(email));
    if (ids.length === 0) return 0;
    const removed = await redis.del(...ids.map(credentialKey));
    await redis.del(adminKey(email));
    return removed;
  }

  async setPasskeysOnly(email: string, on: boolean): Promise<void> {
    const redis = await this.client();
    if (on) await redis.sadd(PASSKEYS_ONLY, email);
    else await redis.srem(PASSKEYS_ONLY, email);
  }

  async signedOutAt(email: string): Promise<number> {
    return Number((await (await this.client()).hget(SIGNED_OUT, email)) ?? 0);
  }

  async signOutEverywhere(email: string, at: number): Promise<void> {
    await (await this.client()).hset(SIGNED_OUT, email, String(at));
  }

  async setTwoFactor(email: string, value: StoredTwoFactor | null): Promise<void> {
    const redis = await this.client();
    if (value === null) await redis.hdel(TWO_FACTOR, email);
    else await redis.hset(TWO_FACTOR, email, JSON.stringify(value));
  }

  async signInState(email: string): Promise<SignInState> {
    const replies = await (
      await this.client()
    )
      .multi()
      .sismember(PASSKEYS_ONLY, email)
      .hget(TWO_FACTOR, email)
      .hlen(TWO_FACTOR)
      .exec();
    if (!replies) throw new Error("the sign-in state could not be read");
    const [only, factor, count] = replies.map(([error, value]) => {
      if (error) throw error;
      return value;
    });
    return {
      passkeysOnly: only === 1,
      twoFactor: typeof factor === "string" ? (JSON.parse(factor) as StoredTwoFactor) : null,
      anyTwoFactor: Number(count) > 0,
    };
  }

  // The connection is lib/state's, closed with the rest of the state.
  async close(): Promise<void> {}
}
