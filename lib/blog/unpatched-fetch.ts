/**
 * The fetch Next's own patched fetch wraps: Next keeps it on the patched one as
 * `_nextOriginalFetch` ("for external consumers", in its source); where Next has not patched
 * fetch, fetch itself. The blog's list request goes through it because Next's fetch must not
 * see that request (docs/architecture.md, "The blog" says why, and why no public API does
 * this); tests/unit/unpatched-fetch.test.ts fails if Next stops providing it.
 */
export function unpatchedFetch(): typeof fetch {
  const patched = globalThis.fetch as typeof fetch & { _nextOriginalFetch?: typeof fetch };
  return patched._nextOriginalFetch ?? patched;
}
