/**
 * A request whose body counts how often it was pulled (highWaterMark 0: nothing is pulled until
 * someone reads it), for tests that a handler decides who is asking before it reads a byte.
 */
export function countingRequest(url: string, init: { method: string; headers: HeadersInit }, text: string) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(url, { ...init, body, duplex: "half" } as RequestInit & { duplex: "half" });
  return { request, pulled: () => pulled };
}
