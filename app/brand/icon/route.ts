// Read (or drawn in the accent) once by the build, then served as built.
export const dynamic = "force-static";
export { iconResponse as GET } from "@/lib/config/site-assets";
