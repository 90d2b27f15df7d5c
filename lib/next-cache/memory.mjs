// This process's copies of cache entries: an LRU bounded by their summed size, so a flood cannot grow it.

function sizeOf(value) {
  if (!value || typeof value !== "object") return 64;
  let size = 256;
  for (const part of [value.html, value.rscData, value.body, value.data?.body]) {
    if (typeof part === "string" || Buffer.isBuffer(part)) size += part.length;
  }
  if (value.segmentData instanceof Map)
    for (const segment of value.segmentData.values()) size += segment.length;
  return size;
}

/** Of records `{ value, ... }`, sized by their value. */
export class ByteLru {
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
    this.bytes = 0;
    this.map = new Map();
  }
  get(key) {
    const held = this.map.get(key);
    if (held === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, held);
    return held.value;
  }
  peek(key) {
    return this.map.get(key)?.value;
  }
  set(key, value) {
    this.delete(key);
    const size = key.length + sizeOf(value.value);
    if (size > this.maxBytes) return;
    this.map.set(key, { value, size });
    this.bytes += size;
    for (const [oldest, held] of this.map) {
      if (this.bytes <= this.maxBytes) break;
      this.map.delete(oldest);
      this.bytes -= held.size;
    }
  }
  delete(key) {
    const held = this.map.get(key);
    if (held === undefined) return;
    this.map.delete(key);
    this.bytes -= held.size;
  }
}
