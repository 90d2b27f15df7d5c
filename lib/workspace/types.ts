import type { z } from "zod";
import type { authorWire, blogPostWire, teamMemberWire } from "./schemas";

// Domain types handed to features (the wire schemas map to them); wire shapes stay inside lib/workspace.

export type TeamMember = z.output<typeof teamMemberWire>;
export type Author = z.output<typeof authorWire>;
export type BlogPost = z.output<typeof blogPostWire>;

export type Pagination = {
  totalRecords: number;
  totalPages: number;
  currentPage: number;
  pageSize: number;
};

export type TeamMemberPage = { members: TeamMember[]; pagination: Pagination };

export type AllTeamMembers = {
  members: TeamMember[];
  /** True when the walk stopped at the page cap or at a server that repeats pages. */
  truncated: boolean;
  pagesFetched: number;
};

export type BlogPostList = {
  blogName: string;
  /** Newest first. */
  posts: BlogPost[];
  /** Entries dropped because they could not be read (logged, never fatal). */
  skipped: number;
};

export type NewTeamMembers = {
  emails: string[];
  role?: string;
  invitedBy?: string;
  /** v2 only; false skips invitation emails. */
  sendInvitationEmail?: boolean;
};

export type TeamMemberChanges = {
  email?: string;
  firstName?: string;
  lastName?: string;
  timeZone?: string;
  role?: string;
};
