import captured from "../captured.json";

/** What the bench captured from Masthead: page markup by address, route bodies, the post's slug. */
export default captured;

export function capturedRoute(path) {
  const { body, contentType } = captured.routes[path];
  return new Response(body, { headers: { "content-type": contentType } });
}
