import "server-only";
import { z } from "zod";

// Wire schemas mapped to domain types: tolerant where a real workspace may differ from the local
// one (nullable names, current_page_number), strict where a wrong value would mislead a feature.

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? "");

export const teamMemberWire = z
  .object({
    id: z.string().min(1),
    email: z.string().min(1),
    first_name: text,
    last_name: text,
    time_zone: text,
    profile_image_url: z.string().nullish(),
    active: z.boolean(),
    organization_role: z.string(),
  })
  .transform((m) => ({
    id: m.id,
    email: m.email,
    firstName: m.first_name,
    lastName: m.last_name,
    timeZone: m.time_zone,
    profileImageUrl: m.profile_image_url || null,
    active: m.active,
    role: m.organization_role,
  }));

const count = z.coerce.number().int().nonnegative();

const paginationWire = z
  .object({
    total_records: count,
    total_pages: count,
    current_page: count.optional(),
    // Seen in the wild instead of current_page (API decision 1: paging).
    current_page_number: count.optional(),
    page_size: count,
  })
  .transform((p) => ({
    totalRecords: p.total_records,
    totalPages: p.total_pages,
    currentPage: p.current_page ?? p.current_page_number,
    pageSize: p.page_size,
  }));

export const teamMemberListWire = z.object({
  team_members: z.array(teamMemberWire),
  pagination: paginationWire,
});

export const teamMemberEnvelopeWire = z.object({ team_member: teamMemberWire });

export const messageWire = z.object({ message: z.string() });

export const slugsWire = z.object({ slugs: z.array(z.string()) });

export const authorWire = z
  .object({
    id: z.coerce.string(),
    name: text,
    profile_image_url: text,
    email: text,
  })
  .transform((a) => ({
    id: a.id,
    name: a.name,
    profileImageUrl: a.profile_image_url,
    email: a.email,
  }));

/** v1 sends keywords as one comma-separated string (API decision 7); a workspace may too. */
const keywords = z.union([z.array(z.string()), z.string(), z.null(), z.undefined()]).transform((v) => {
  const list = Array.isArray(v) ? v : (v ?? "").split(",");
  return [...new Set(list.map((k) => k.trim()).filter(Boolean))];
});

const postCommon = {
  slug: z.string().min(1),
  title: z.string(),
  publication_date: z.string().refine((v) => !Number.isNaN(Date.parse(v)), "not a date"),
  page_title: text,
  meta_description: text,
  keywords,
  cover_image_url: text,
};

export const blogPostWire = z
  .object({ ...postCommon, authors: z.array(authorWire), thumbnail_image_url: text })
  .transform((p) => ({
    slug: p.slug,
    title: p.title,
    /** ISO 8601 date-time as the workspace sent it. */
    publishedAt: p.publication_date,
    authors: p.authors,
    pageTitle: p.page_title || p.title,
    metaDescription: p.meta_description,
    keywords: p.keywords,
    coverImageUrl: p.cover_image_url,
    /** May be "" (the document says so). */
    thumbnailImageUrl: p.thumbnail_image_url,
  }));

/** The envelope is strict; entries are validated one by one so one bad post cannot empty a blog. */
export const blogPostListWire = z.object({
  blog_posts: z.array(z.unknown()),
  blog_name: z.string(),
});
