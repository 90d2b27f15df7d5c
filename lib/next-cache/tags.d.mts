/** Calls `listener(tag, at)` when a tag's data goes out of date at `at` in this process; returns its stop. */
export function onTagRevalidated(listener: (tag: string, at: number) => void): () => void;
