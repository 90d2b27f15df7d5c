import "server-only";
import { randomUUID } from "node:crypto";
import { siteText } from "../config/text";
import { sharedCache, stateEngine } from "../state";
import { adminProcess } from "./process";
import { workspace, type TeamMember } from "../workspace";
import type { BulkInput, InviteInput, ListQuery, UpdateMemberInput } from "./validation";

/*
 * Member use cases behind the admin routes and pages. Search and filtering span the
 * whole workspace, which the API cannot do, so they read a short-lived copy of every member,
 * kept in each process. Whether a copy is still good is decided by a shared generation
 * (lib/state: in Redis when configured): every write through Masthead, on any instance,
 * drops the generation, so the next view on every instance loads a fresh copy. A copy is
 * never older than 30 s either (changes made outside Masthead), or 5 s while Redis is
 * configured but unreachable (writes on other instances cannot be seen then).
 */

const CACHE_TTL_MS = 30_000;
const UNSHARED_TTL_MS = 5_000;
const GENERATION_KEY = "members";

type Copy = { members: TeamMember[]; truncated: boolean };
export type MemberCopy = {
  entry: (Copy & { loadedAt: number; generation: string | undefined }) | null;
  inflight: { promise: Promise<Copy>; generation: string | undefined } | null;
};

// Per process (pages and route handlers are separate bundles); checked against the shared generation.
const cache = () => adminProcess().memberCopy;
// The generation outlives any copy; a day, after which the next view simply starts a new one.
const generations = () => sharedCache<string>("admin-members-generation", { ttlSeconds: 24 * 60 * 60 });

/**
 * The current generation, starting one when there is none. undefined when the shared store
 * is unreachable: copies are then trusted only briefly.
 */
async function currentGeneration(): Promise<string | undefined> {
  const store = generations();
  const seen = await store.get(GENERATION_KEY);
  if (seen !== undefined) return seen;
  await store.set(GENERATION_KEY, randomUUID());
  // Read back: with several instances starting one at once, whichever write won is the generation.
  return store.get(GENERATION_KEY);
}

/** Drops every instance's copy (the next view on each loads a fresh one). */
export async function invalidateMemberCache(): Promise<void> {
  Object.assign(cache(), { entry: null, inflight: null });
  await generations().delete(GENERATION_KEY);
}

export async function allMembers(): Promise<Copy> {
  const generation = await currentGeneration();
  const maxAge = generation === undefined && stateEngine() === "redis" ? UNSHARED_TTL_MS : CACHE_TTL_MS;
  const copy = cache();
  const entry = copy.entry;
  if (entry && entry.generation === generation && Date.now() - entry.loadedAt < maxAge) return entry;
  if (copy.inflight && copy.inflight.generation === generation) return copy.inflight.promise;
  const promise = walkAllMembers()
    .then(({ members, truncated }) => {
      // Kept only if no write happened on this instance while loading; a write elsewhere
      // changed the generation, so this copy is not trusted beyond it either.
      if (copy.inflight?.promise === promise)
        copy.entry = { members, truncated, loadedAt: Date.now(), generation };
      return { members, truncated };
    })
    .finally(() => {
      if (copy.inflight?.promise === promise) copy.inflight = null;
    });
  copy.inflight = { promise, generation };
  return promise;
}

const WALK_PAGE_SIZE = 100;
const WALK_MAX_PAGES = 1_000;
const WALK_CONCURRENCY = 6;

/** Every member, six pages at a time, with the client's paging guards (lib/local-workspace/README.md, API decision 1: paging). */
export async function walkAllMembers(): Promise<{ members: TeamMember[]; truncated: boolean }> {
  const { members, truncated } = await workspace().listAllTeamMembers({
    pageSize: WALK_PAGE_SIZE,
    maxPages: WALK_MAX_PAGES,
    concurrency: WALK_CONCURRENCY,
  });
  return { members, truncated };
}

/** The cached copy if it arrives within `ms`, else null: pages never wait long for an optional extra. */
async function allMembersWithin(ms: number): Promise<{ members: TeamMember[] } | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([allMembers(), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export type MemberListResult = {
  members: TeamMember[];
  page: number;
  pageSize: number;
  totalRecords: number;
  totalPages: number;
  /** True when the list is a search/filter over the cached copy. */
  filtered: boolean;
  truncated: boolean;
};

export function matchesQuery(m: TeamMember, q: string): boolean {
  if (!q) return true;
  const needle = q.toLocaleLowerCase();
  const full = `${m.firstName} ${m.lastName}`.toLocaleLowerCase();
  return (
    m.email.toLocaleLowerCase().includes(needle) ||
    full.includes(needle) ||
    `${m.lastName} ${m.firstName}`.toLocaleLowerCase().includes(needle)
  );
}

export async function listMembers(query: ListQuery): Promise<MemberListResult> {
  const { page, pageSize, q, status } = query;
  if (!q && status === "all") {
    const res = await workspace().listTeamMembers({ page, pageSize });
    return {
      members: res.members,
      page,
      pageSize,
      totalRecords: res.pagination.totalRecords,
      totalPages: Math.max(1, res.pagination.totalPages),
      filtered: false,
      truncated: false,
    };
  }
  const { members, truncated } = await allMembers();
  const matching = members.filter(
    (m) => (status === "all" || (status === "active" ? m.active : !m.active)) && matchesQuery(m, q),
  );
  const totalPages = Math.max(1, Math.ceil(matching.length / pageSize));
  const start = (page - 1) * pageSize;
  return {
    members: matching.slice(start, start + pageSize),
    page,
    pageSize,
    totalRecords: matching.length,
    totalPages,
    filtered: true,
    truncated,
  };
}

export const BUILTIN_ROLES = ["Admin", "Standard"];

/** Roles seen on members plus the two the document names, for the role picker. */
export async function knownRoles(extra: string[] = []): Promise<string[]> {
  // Without the copy (slow or failing workspace) the picker still offers the built-in roles and free typing.
  const seen = (await allMembersWithin(2_000))?.members.map((m) => m.role) ?? [];
  return Array.from(new Set([...BUILTIN_ROLES, ...extra, ...seen].filter(Boolean))).sort((a, b) =>
    a.localeCompare(b),
  );
}

/** Whether `email` is an active Admin of the workspace; false when that cannot be known quickly. */
export async function isWorkspaceAdmin(email: string): Promise<boolean> {
  const copy = await allMembersWithin(2_000);
  return Boolean(
    copy?.members.some(
      (m) => m.email.toLowerCase() === email.toLowerCase() && m.active && m.role === "Admin",
    ),
  );
}

export async function memberCounts(): Promise<{ total: number; active: number; truncated: boolean }> {
  const { members, truncated } = await allMembers();
  return { total: members.length, active: members.filter((m) => m.active).length, truncated };
}

export function getMember(id: string): Promise<TeamMember> {
  return workspace().getTeamMember(id);
}

export async function updateMember(id: string, changes: UpdateMemberInput): Promise<TeamMember> {
  try {
    return await workspace().updateTeamMember(id, changes);
  } finally {
    await invalidateMemberCache();
  }
}

export async function setMemberActive(id: string, active: boolean): Promise<TeamMember> {
  try {
    return await workspace().setTeamMemberActive(id, active);
  } finally {
    await invalidateMemberCache();
  }
}

export async function removeMember(id: string): Promise<void> {
  try {
    await workspace().removeTeamMember(id);
  } finally {
    await invalidateMemberCache();
  }
}

export async function inviteMembers(input: InviteInput): Promise<{ message: string }> {
  try {
    return await workspace().addTeamMembers({
      emails: input.emails,
      role: input.role,
      invitedBy: input.invitedBy,
      sendInvitationEmail: input.sendInvitationEmail,
    });
  } finally {
    await invalidateMemberCache();
  }
}

export type BulkItemResult = {
  id: string;
  email: string | null;
  name: string;
  ok: boolean;
  /** Plain words for the admin, filled when ok is false. */
  error?: string;
  code?: string;
};

export function displayName(m: Pick<TeamMember, "firstName" | "lastName" | "email">): string {
  return `${m.firstName} ${m.lastName}`.trim() || m.email;
}

/**
 * Removes (v1 bulk remove by emails) or deactivates (v1 update, one by one) the selected
 * members, with a result for each. A batch refused because it holds the last admin is
 * retried one by one, so everyone else is still removed and only the refusal is reported.
 * `refuse` names members left untouched (the acting admin's own), with the reason.
 */
export async function bulkAction(
  input: BulkInput,
  mapError: (error: unknown, name: string) => { error: string; code: string },
  refuse: (member: { email: string }) => { error: string; code: string } | null = () => null,
): Promise<BulkItemResult[]> {
  const client = workspace();
  const results = new Map<string, BulkItemResult>();
  const targets: { id: string; email: string; name: string }[] = [];
  try {
    // Resolve ids to emails and names one by one: v1 removal is by email, and an id that is
    // already gone gets its own result instead of failing the batch.
    const found = await mapLimited(input.ids, 4, async (id) => {
      try {
        const m = await client.getTeamMember(id);
        return { id, email: m.email, name: displayName(m) };
      } catch (error) {
        results.set(id, { id, email: null, name: id, ok: false, ...mapError(error, "this member") });
        return null;
      }
    });
    for (const t of found) {
      if (!t) continue;
      const refused = refuse(t);
      if (refused) results.set(t.id, { ...t, ok: false, ...refused });
      else targets.push(t);
    }

    if (input.action === "deactivate") {
      for (const t of targets) {
        try {
          await client.setTeamMemberActive(t.id, false);
          results.set(t.id, { ...t, ok: true });
        } catch (error) {
          results.set(t.id, { ...t, ok: false, ...mapError(error, t.name) });
        }
      }
    } else if (targets.length) {
      try {
        await client.removeTeamMembersV1(targets.map((t) => t.email));
        for (const t of targets) results.set(t.id, { ...t, ok: true });
      } catch (error) {
        const mapped = mapError(error, "the selected members");
        if (mapped.code !== "last_admin") {
          for (const t of targets) results.set(t.id, { ...t, ok: false, ...mapped });
        } else {
          for (const t of targets) {
            try {
              await client.removeTeamMembersV1([t.email]);
              results.set(t.id, { ...t, ok: true });
            } catch (one) {
              results.set(t.id, { ...t, ok: false, ...mapError(one, t.name) });
            }
          }
        }
      }
    }
  } finally {
    await invalidateMemberCache();
  }
  return input.ids.map(
    (id) =>
      results.get(id) ?? {
        id,
        email: null,
        name: id,
        ok: false,
        error: siteText()("admin.bulk.notProcessed"),
        code: "internal",
      },
  );
}

/** Like Promise.all over `items`, at most `limit` at a time, results in input order. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
