import { randomUUID } from "node:crypto";
import { deserialize, serialize } from "node:v8";
import { setTimeout as sleep } from "node:timers/promises";
import {
  COMMAND_TIMEOUT_MS,
  createRedisClient,
  firstConnectionAttempt,
  isReady,
} from "../state/redis-fail-fast.mjs";
import { entryTags } from "./tags.mjs";

// Entries `e:<key>` = { v, b }; each write publishes its version, so a held copy is served without
// asking Redis until a newer one is heard or the subscription drops. Redis down never fails a page.

const ENTRY_TTL_SECONDS = 14 * 24 * 3600;
const TAGS_TTL_SECONDS = ENTRY_TTL_SECONDS + 24 * 3600;
const HEARD_LIMIT = 10_000;
const UNCHECKED = -1;

// Set-if-newer (a late writer never moves a mark back), then tells every instance.
const MARK_TAGS_SCRIPT = `
for i = 2, #ARGV, 3 do
  local tag, stale, expired = ARGV[i], tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
  if stale > 0 and stale > tonumber(redis.call('HGET', KEYS[1], tag) or '0') then redis.call('HSET', KEYS[1], tag, stale) end
  if expired > 0 and expired > tonumber(redis.call('HGET', KEYS[2], tag) or '0') then redis.call('HSET', KEYS[2], tag, expired) end
end
redis.call('EXPIRE', KEYS[1], ${TAGS_TTL_SECONDS})
redis.call('EXPIRE', KEYS[2], ${TAGS_TTL_SECONDS})
redis.call('PUBLISH', ARGV[1], table.concat(ARGV, '\\n', 2))
return 1`;

// Bytes that are not an entry are a miss, never a thrown error mid-request.
function decode(version, bytes) {
  if (!bytes) return undefined;
  try {
    const record = deserialize(bytes);
    if (!record || typeof record !== "object" || !("lastModified" in record)) return undefined;
    return {
      ...record,
      version: version ? String(version) : null,
      allTags: entryTags(record.value, record.tags),
    };
  } catch {
    return undefined;
  }
}

export const newVersion = () => randomUUID();

export class SharedCache {
  constructor(url, prefix, tags, log) {
    this.prefix = prefix;
    this.tags = tags;
    this.log = log;
    this.keys = {
      stale: `${prefix}tags:stale`,
      expired: `${prefix}tags:expired`,
      channel: `${prefix}tags`,
      entries: `${prefix}entries`,
    };
    this.pendingTags = new Map(); // marks Redis has not confirmed yet
    this.subscription = 0; // a copy is trusted only if read or written under the current one
    this.listening = false;
    this.heard = new Map(); // key -> newest version heard and not yet settled by a check
    this.client = createRedisClient(url, "next-cache", log);
    this.client.defineCommand("markTags", { numberOfKeys: 2, lua: MARK_TAGS_SCRIPT });
    this.client.on("ready", () => void this.resync());
    this.subscriber = createRedisClient(url, "next-cache-tags", log, { subscriber: true });
    let subscribed;
    const firstSubscription = new Promise((resolve) => (subscribed = resolve));
    this.subscriber.on("ready", () => {
      this.subscriber.subscribe(this.keys.channel, this.keys.entries).then(
        () => {
          this.subscription += 1;
          this.listening = true;
          subscribed();
          return this.resync();
        },
        () => {}, // reported by the client; subscribed again on the next 'ready'
      );
    });
    this.subscriber.on("close", () => {
      this.listening = false;
    });
    this.subscriber.on("message", (channel, message) => {
      if (channel === this.keys.channel) this.applyMarks(message.split("\n"));
      else if (channel === this.keys.entries) this.hear(message);
    });
    // The first requests wait (boundedly) for the subscription and the marks, not to judge without them.
    const firstListening = firstConnectionAttempt(this.subscriber).then(() =>
      isReady(this.subscriber) ? Promise.race([firstSubscription, sleep(COMMAND_TIMEOUT_MS)]) : undefined,
    );
    this.warm = false;
    this.warmup = Promise.all([firstConnectionAttempt(this.client), firstListening])
      .then(() => this.resync())
      .then(() => {
        this.warm = true;
      });
  }

  get ready() {
    return isReady(this.client);
  }

  async readyNow() {
    if (!this.warm) await this.warmup;
    return this.ready;
  }

  applyMarks(triples) {
    for (let i = 0; i + 2 < triples.length; i += 3)
      this.tags.merge(triples[i], { stale: triples[i + 1], expired: triples[i + 2] });
  }

  async resync() {
    if (!this.ready) return;
    try {
      const [stale, expired] = await Promise.all([
        this.client.hgetall(this.keys.stale),
        this.client.hgetall(this.keys.expired),
      ]);
      for (const [tag, at] of Object.entries(stale)) this.tags.merge(tag, { stale: at });
      for (const [tag, at] of Object.entries(expired)) this.tags.merge(tag, { expired: at });
    } catch {
      // the next 'ready' reads them
    }
    await this.flushPendingTags();
  }

  /** "<version> <key>", as published by the instance that wrote it. */
  hear(message) {
    const space = message.indexOf(" ");
    if (space <= 0) return;
    if (this.heard.size >= HEARD_LIMIT) {
      this.heard.clear();
      this.subscription += 1; // what was forgotten is made up by checking every copy once
    }
    this.heard.set(message.slice(space + 1), message.slice(0, space));
  }

  checkpoint() {
    return this.listening ? this.subscription : UNCHECKED;
  }

  /** `checkpoint` is taken before Redis was asked. */
  checked(record, checkpoint) {
    record.checked = checkpoint;
    return record;
  }

  /** Servable without asking Redis: checked under this subscription, nothing newer heard. */
  current(key, record) {
    if (!this.listening || record.checked !== this.subscription) return false;
    const heard = this.heard.get(key);
    if (heard === undefined) return true;
    if (heard !== record.version) return false;
    this.heard.delete(key); // settled: this is the copy held
    return true;
  }

  // Redis answers after every message heard before the question, so those are settled.
  async freshen(key, local) {
    if (!this.ready) return local;
    const checkpoint = this.checkpoint();
    const heard = this.heard.get(key);
    let record = local;
    try {
      const version = await this.client.hget(this.prefix + "e:" + key, "v");
      if (version !== null && version !== local.version) record = await this.fetch(key, checkpoint);
      if (record === undefined || (version !== null && record.version !== version)) return local;
    } catch {
      return local;
    }
    if (this.heard.get(key) === heard) this.heard.delete(key);
    return this.checked(record, checkpoint);
  }

  async fetch(key, checkpoint = this.checkpoint()) {
    if (!this.ready) return undefined;
    try {
      const [version, bytes] = await this.client.hmgetBuffer(this.prefix + "e:" + key, "v", "b");
      const record = decode(version, bytes);
      return record && this.checked(record, checkpoint);
    } catch {
      return undefined;
    }
  }

  async exists(key) {
    if (!(await this.readyNow())) return false;
    try {
      return (await this.client.exists(this.prefix + "e:" + key)) === 1;
    } catch {
      return false;
    }
  }

  // Best effort: an entry Redis did not take stays this process's copy.
  async write(key, record) {
    if (!(await this.readyNow())) return;
    let bytes;
    try {
      const { value, lastModified, cacheControl, tags } = record;
      bytes = serialize({ value, lastModified, cacheControl, tags });
    } catch {
      return; // not serialisable: rendered again next time
    }
    const expire = record.cacheControl?.expire;
    const ttl =
      typeof expire === "number" && expire > 0
        ? Math.min(Math.ceil(expire), ENTRY_TTL_SECONDS)
        : ENTRY_TTL_SECONDS;
    const entryKey = this.prefix + "e:" + key;
    try {
      await this.client
        .multi()
        .hset(entryKey, "v", record.version, "b", bytes)
        .expire(entryKey, ttl)
        .publish(this.keys.entries, `${record.version} ${key}`)
        .exec();
    } catch {
      // kept in this process's copy
    }
  }

  /** False when Redis did not take it (replayed once Redis is back). */
  async markTags(list, mark) {
    for (const tag of list) this.pendingTags.set(tag, mark);
    await this.warmup;
    await this.flushPendingTags();
    return this.pendingTags.size === 0;
  }

  // Dated when they reach Redis: other instances may have stored entries rendered from older data.
  async flushPendingTags() {
    if (!this.ready || this.pendingTags.size === 0) return;
    const batch = [...this.pendingTags];
    const now = Date.now();
    const at = (t) => (t ? Math.max(t, now) : 0);
    const args = batch.flatMap(([tag, m]) => [tag, String(at(m.stale)), String(at(m.expired))]);
    try {
      await this.client.markTags(this.keys.stale, this.keys.expired, this.keys.channel, ...args);
      for (const [tag, mark] of batch) if (this.pendingTags.get(tag) === mark) this.pendingTags.delete(tag);
      this.applyMarks(args);
    } catch {
      // the next 'ready' tries again
    }
  }

  disconnect() {
    this.client.disconnect();
    this.subscriber.disconnect();
  }
}
