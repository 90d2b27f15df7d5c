import { capturedRoute } from "../captured";

export const dynamic = "force-static";

export function GET() {
  return capturedRoute("/robots.txt");
}
