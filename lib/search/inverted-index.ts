import { normalizeTerm, tokenize } from "./text";

// An inverted index on typed arrays, a fraction of a general-purpose engine's memory. `vocabulary` is
// sorted: binary search for a word, one run for a prefix, a trie walk for typos. Word i's postings are
// `postings[starts[i]]` to `postings[starts[i + 1]]`, one per post and field.

export const FIELDS = ["title", "keywords", "authors", "description"] as const;
export const FIELD_COUNT = FIELDS.length;

const FIELD_SHIFT = 6;
const FREQUENCY_MASK = (1 << FIELD_SHIFT) - 1;
const POST_SHIFT = 8;
const MAX_POSTS = 2 ** (32 - POST_SHIFT);

export type InvertedIndex = {
  documentCount: number;
  vocabulary: string[];
  /** Where each word's postings start: also the running totals the planner reads a word's cost from. */
  starts: Uint32Array;
  /** post << 8 | field << 6 | min(occurrences, 63), in post order within a word. */
  postings: Uint32Array;
  /** Distinct words of each post's field, at `post * FIELD_COUNT + field` (BM25's length). */
  fieldLengths: Uint16Array;
  averageFieldLengths: Float64Array;
};

export const postOf = (posting: number) => posting >>> POST_SHIFT;
export const fieldOf = (posting: number) => (posting >>> FIELD_SHIFT) & 3;
export const frequencyOf = (posting: number) => posting & FREQUENCY_MASK;

class U32List {
  data = new Uint32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Uint32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
}

/** Collects posts one at a time (the caller yields between chunks); `finish` lays the postings out word by word. */
export class IndexBuilder {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  // Per posting, in post order: the word's id (in `words`) and the packed posting.
  private readonly wordOf = new U32List();
  private readonly packed = new U32List();
  private readonly lengths = new U32List();
  private posts = 0;

  add(fields: readonly string[]): void {
    const post = this.posts++;
    if (post >= MAX_POSTS) throw new RangeError(`the search index holds at most ${MAX_POSTS} posts`);
    for (let field = 0; field < FIELD_COUNT; field++) {
      const tokens = tokenize(fields[field] ?? "");
      // As the ranking has always counted it: distinct words as written, before normalising.
      this.lengths.push(Math.min(new Set(tokens).size, 0xffff));
      const counts = new Map<number, number>();
      for (const token of tokens) {
        const term = normalizeTerm(token);
        if (!term) continue;
        let id = this.ids.get(term);
        if (id === undefined) {
          id = this.words.length;
          this.ids.set(term, id);
          this.words.push(term);
        }
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      for (const [id, count] of counts) {
        this.wordOf.push(id);
        this.packed.push((post << POST_SHIFT) | (field << FIELD_SHIFT) | Math.min(count, FREQUENCY_MASK));
      }
    }
  }

  finish(): InvertedIndex {
    const vocabulary = [...this.words].sort();
    const rank = new Uint32Array(vocabulary.length);
    vocabulary.forEach((word, r) => (rank[this.ids.get(word)!] = r));
    // A counting sort by word: stable, so each word's postings stay in post order.
    const starts = new Uint32Array(vocabulary.length + 1);
    const n = this.packed.length;
    const wordOf = this.wordOf.data;
    for (let i = 0; i < n; i++) starts[rank[wordOf[i]!]! + 1]!++;
    for (let r = 0; r < vocabulary.length; r++) starts[r + 1]! += starts[r]!;
    const next = starts.slice(0, vocabulary.length);
    const postings = new Uint32Array(n);
    const packed = this.packed.data;
    for (let i = 0; i < n; i++) postings[next[rank[wordOf[i]!]!]!++] = packed[i]!;
    const fieldLengths = Uint16Array.from(this.lengths.data.subarray(0, this.lengths.length));
    const averageFieldLengths = new Float64Array(FIELD_COUNT);
    for (let i = 0; i < fieldLengths.length; i++) averageFieldLengths[i % FIELD_COUNT]! += fieldLengths[i]!;
    for (let f = 0; f < FIELD_COUNT; f++) averageFieldLengths[f]! /= Math.max(1, this.posts);
    return { documentCount: this.posts, vocabulary, starts, postings, fieldLengths, averageFieldLengths };
  }
}

/** The first position, from `lo`, whose word is not below `term`. */
export function lowerBound(vocabulary: readonly string[], term: string, lo = 0): number {
  let hi = vocabulary.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (vocabulary[mid]! < term) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The run of `vocabulary` that starts with `prefix` (the word itself included): [from, to). */
export function prefixRange(vocabulary: readonly string[], prefix: string): [number, number] {
  const from = lowerBound(vocabulary, prefix);
  return [from, lowerBound(vocabulary, `${prefix}\uffff`, from)];
}

// The words within `maxDistance` edits of `term`, as [position, distance], itself left out. Walked like
// a trie: a word reuses the rows of its shared prefix; a prefix too far skips every word under it.
export function wordsWithin(
  vocabulary: readonly string[],
  term: string,
  maxDistance: number,
): [number, number][] {
  const m = term.length;
  // rows[k][j]: edits between the current word's first k letters and term's first j.
  const rows: Int32Array[] = [Int32Array.from({ length: m + 1 }, (_, j) => j)];
  const found: [number, number][] = [];
  let path = "";
  let depth = 0;
  for (let i = 0; i < vocabulary.length;) {
    const word = vocabulary[i]!;
    let k = 0;
    for (const limit = Math.min(depth, word.length); k < limit && word[k] === path[k];) k++;
    let tooFar = 0;
    for (let r = k + 1; r <= word.length; r++) {
      const above = rows[r - 1]!;
      const row = (rows[r] ??= new Int32Array(m + 1));
      const c = word.charCodeAt(r - 1);
      row[0] = r;
      let least = r;
      for (let j = 1; j <= m; j++) {
        const cost = above[j - 1]! + (term.charCodeAt(j - 1) === c ? 0 : 1);
        const v = Math.min(cost, above[j]! + 1, row[j - 1]! + 1);
        row[j] = v;
        if (v < least) least = v;
      }
      if (least > maxDistance) {
        tooFar = r;
        break;
      }
    }
    path = word;
    if (tooFar) {
      depth = tooFar - 1;
      i = lowerBound(vocabulary, `${word.slice(0, tooFar)}\uffff`, i + 1);
      continue;
    }
    depth = word.length;
    const distance = rows[word.length]![m]!;
    if (distance > 0 && distance <= maxDistance) found.push([i, distance]);
    i++;
  }
  return found;
}
