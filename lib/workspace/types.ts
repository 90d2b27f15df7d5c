// Domain types handed to features; wire shapes stay inside lib/workspace.

export type TeamMember = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  timeZone: string;
  profileImageUrl: string | null;
  active: boolean;
  role: string;
};

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

export type Author = { id: string; name: string; profileImageUrl: string; email: string };

export type BlogPost = {
  slug: string;
  title: string;
  /** ISO 8601 date-time as the workspace sent it. */
  publishedAt: string;
  authors: Author[];
  pageTitle: string;
  metaDescription: string;
  keywords: string[];
  coverImageUrl: string;
  /** May be "" (the document says so). */
  thumbnailImageUrl: string;
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
