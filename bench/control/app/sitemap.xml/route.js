import { capturedRoute } from "../captured";

export const dynamic = "force-static";
export const revalidate = 300;

export function GET() {
  return capturedRoute("/sitemap.xml");
}
