import type { z } from "zod";
import type { authorWire, blogPostWire, teamMemberWire } from "./schemas";

// Domain types handed to features (the wire schemas map to them); wire shapes stay inside lib/workspace.

export type TeamMember = z.output<typeof teamMemberWire>;
export type Author = z.output<typeof authorWire>;
export type BlogPost = z.output<typeof blogPostWire>;
