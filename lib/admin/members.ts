import "server-only";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { siteText } from "../config/text";
import { sharedCache, stateEngine } from "../state";
import { mapWorkspaceError } from "./errors";
import { adminProcess } from "./process";
import { workspace, type TeamMember } from "../workspace";
import type { BulkInput, InviteInput, ListQuery, UpdateMemberInput } from "./validation";

// Search and filtering span the whole workspace, which the API cannot do: they read a short-lived
// copy of every member per process. A shared generation (lib/state) dropped by every write through
// Masthead says whether a copy is still good; changes made outside Masthead show within 30 s (5 s
// while Redis is configured but unreachable, when other instances' writes cannot be seen).

const CACHE_TTL_MS = 30_000;
const UNSHARED_TTL_MS = 5_000;
const GENERATION_KEY = "members";

type Copy = { members: TeamMember[]; truncated: boolean };
export type MemberCopy = {
  entry: (Copy & { loadedAt: number; generation: string | undefined }) | null;
  inflight: { promise: Promise<Copy>; generation: string | undefined; startedAt: number } | null;
};

// Per process (pages and route handlers are separate bundles); checked against the shared generation.
const cache = () => adminProcess().memberCopy;
// The generation outlives any copy; after a day the next view simply starts a new one.
const generations = () => sharedCache<string>("admin-members-generation", { ttlSeconds: 24 * 60 * 60 });

/** The current generation, starting one when there is none; undefined when the shared store is unreachable. */
async function currentGeneration(): Promise<string | undefined> {
  const store = generations();
  const seen = await store.get(GENERATION_KEY);
  if (seen !== undefined) return seen;
  await store.set(GENERATION_KEY, randomUUID());
  // Read back: with several instances starting one at once, whichever write won is the generation.
  return store.get(GENERATION_KEY);
}

/** Drops every instance's copy (the next view on each loads a fresh one). */
async function invalidateMemberCache(): Promise<void> {
  Object.assign(cache(), { entry: null, inflight: null });
  await generations().delete(GENERATION_KEY);
}

/** Every member; `since` (the access checks, standing.ts) refuses the copy, joining a walk begun since. */
export async function allMembers(since?: number): Promise<Copy> {
  const generation = await currentGeneration();
  const maxAge = generation === undefined && stateEngine() === "redis" ? UNSHARED_TTL_MS : CACHE_TTL_MS;
  const copy = cache();
  const { entry, inflight } = copy;
  const fresh = entry && entry.generation === generation && Date.now() - entry.loadedAt < maxAge;
  if (since === undefined && fresh) return entry;
  if (inflight && inflight.generation === generation && inflight.startedAt >= (since ?? 0))
    return inflight.promise;
  const promise = workspace()
    .listAllTeamMembers({ pageSize: 100, maxPages: 1_000, concurrency: 6 })
    .then((walked) => {
      // Kept only if no write happened on this instance while loading; a write elsewhere
      // changed the generation, so this copy is not trusted beyond it either.
      if (copy.inflight?.promise === promise) copy.entry = { ...walked, loadedAt: Date.now(), generation };
      return walked;
    })
    .finally(() => {
      if (copy.inflight?.promise === promise) copy.inflight = null;
    });
  copy.inflight = { promise, generation, startedAt: Date.now() };
  return promise;
}

/** The cached copy if it arrives within `ms`, else null: pages never wait long for an optional extra. */
const allMembersWithin = (ms: number) =>
  Promise.race([allMembers(), sleep(ms, null, { ref: false })]).catch(() => null);

function matchesQuery(m: TeamMember, q: string): boolean {
  const needle = q.toLocaleLowerCase();
  return [m.email, `${m.firstName} ${m.lastName}`, `${m.lastName} ${m.firstName}`].some((s) =>
    s.toLocaleLowerCase().includes(needle),
  );
}

/** One page of the list; a search or filter (`filtered`) runs over the cached copy. */
export async function listMembers({ page, pageSize, q, status }: ListQuery) {
  if (!q && status === "all") {
    const { members, pagination } = await workspace().listTeamMembers({ page, pageSize });
    const { totalRecords, totalPages } = pagination;
    const paging = { page, pageSize, totalRecords, totalPages: Math.max(1, totalPages) };
    return { members, ...paging, filtered: false, truncated: false };
  }
  const { members, truncated } = await allMembers();
  const matching = members.filter(
    (m) => (status === "all" || (status === "active" ? m.active : !m.active)) && matchesQuery(m, q),
  );
  const totalPages = Math.max(1, Math.ceil(matching.length / pageSize));
  const start = (page - 1) * pageSize;
  const totalRecords = matching.length;
  const shown = matching.slice(start, start + pageSize);
  return { members: shown, page, pageSize, totalRecords, totalPages, filtered: true, truncated };
}

/** Roles seen on members plus the two the document names, for the role picker. */
export async function knownRoles(extra: string[] = []): Promise<string[]> {
  // Without the copy (slow or failing workspace) the picker still offers the built-in roles and free typing.
  const seen = (await allMembersWithin(2_000))?.members.map((m) => m.role) ?? [];
  return Array.from(new Set(["Admin", "Standard", ...extra, ...seen].filter(Boolean))).sort((a, b) =>
    a.localeCompare(b),
  );
}

/** Whether `email` is an active Admin of the workspace; false when that cannot be known quickly. */
export async function isWorkspaceAdmin(email: string): Promise<boolean> {
  const members = (await allMembersWithin(2_000))?.members ?? [];
  return members.some((m) => m.email.toLowerCase() === email.toLowerCase() && m.active && m.role === "Admin");
}

export async function memberCounts() {
  const { members } = await allMembers();
  return { total: members.length, active: members.filter((m) => m.active).length };
}

export const getMember = (id: string): Promise<TeamMember> => workspace().getTeamMember(id);

/** What a page shows: the answer, or (null) the workspace's failure in the admin's words. */
export const orProblem = <T>(answer: Promise<T>) =>
  answer.then(
    (value) => ({ value, problem: "" }),
    (error: unknown) => ({ value: null, problem: mapWorkspaceError(error).error }),
  );

/** A write through Masthead: every instance's copy is dropped afterwards, whatever the outcome. */
async function writing<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } finally {
    await invalidateMemberCache();
  }
}

export const updateMember = (id: string, changes: UpdateMemberInput) =>
  writing(workspace().updateTeamMember(id, changes));
export const setMemberActive = (id: string, active: boolean) =>
  writing(workspace().setTeamMemberActive(id, active));
export const removeMember = (id: string) => writing(workspace().removeTeamMember(id));
export const inviteMembers = (input: InviteInput) => writing(workspace().addTeamMembers(input));

type Target = { id: string; email: string | null; name: string };
/** `error` is in plain words for the admin, when ok is false. */
type BulkItemResult = Target & { ok: boolean; error?: string; code?: string };

export function displayName(m: Pick<TeamMember, "firstName" | "lastName" | "email">): string {
  return `${m.firstName} ${m.lastName}`.trim() || m.email;
}

/** Removes (v1, by emails) or deactivates (one by one) members, a result each; `refuse` spares some. */
export async function bulkAction(
  { action, ids }: BulkInput,
  refuse: (member: { email: string }) => { error: string; code: string } | null,
): Promise<BulkItemResult[]> {
  const client = workspace();
  const results = new Map<string, BulkItemResult>();
  const done = (t: Target) => results.set(t.id, { ...t, ok: true });
  const fail = (t: Target, error: unknown) => {
    const { error: words, code } = mapWorkspaceError(error);
    results.set(t.id, { ...t, ok: false, error: words, code });
    return code;
  };
  try {
    const targets: (Target & { email: string })[] = [];
    // Ids to emails and names, four at a time: v1 removal is by email, and an id already gone
    // gets its own result instead of failing the batch.
    for (let i = 0; i < ids.length; i += 4)
      await Promise.all(
        ids.slice(i, i + 4).map((id) =>
          client.getTeamMember(id).then(
            (m) => {
              const t = { id, email: m.email, name: displayName(m) };
              const refused = refuse(t);
              if (refused) results.set(id, { ...t, ok: false, ...refused });
              else targets.push(t);
            },
            (error) => fail({ id, email: null, name: id }, error),
          ),
        ),
      );
    const one = (t: Target & { email: string }) =>
      (action === "deactivate"
        ? client.setTeamMemberActive(t.id, false)
        : client.removeTeamMembersV1([t.email])
      ).then(
        () => done(t),
        (error) => fail(t, error),
      );
    if (action === "deactivate" || targets.length < 2) {
      for (const t of targets) await one(t);
    } else {
      try {
        await client.removeTeamMembersV1(targets.map((t) => t.email));
        targets.forEach(done);
      } catch (error) {
        // A batch refused for holding the last admin is retried one by one: everyone else is
        // still removed and only that refusal is reported.
        if (targets.map((t) => fail(t, error))[0] === "last_admin") for (const t of targets) await one(t);
      }
    }
  } finally {
    await invalidateMemberCache();
  }
  const notProcessed = { ok: false, error: siteText()("admin.bulk.notProcessed"), code: "internal" };
  return ids.map((id) => results.get(id) ?? { id, email: null, name: id, ...notProcessed });
}
