import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The organisation tree's walks, shared by data scope, the organisation pickers and the
 * organisation screens. The tree is small (companies and departments: thousands at most), so
 * one read of (id, parentId) and a walk in memory beats a recursive query per dialect.
 */
export async function organizeParents(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('baseOrganize').select(['id', 'parentId']).execute();
  return new Map(rows.map((r) => [r.id, r.parentId]));
}

/** The given organisations and every organisation below them (each once). */
export function subtreeIds(parents: ReadonlyMap<string, string>, rootIds: Iterable<string>): string[] {
  const children = new Map<string, string[]>();
  for (const [id, parentId] of parents) {
    const list = children.get(parentId);
    if (list) list.push(id);
    else children.set(parentId, [id]);
  }
  const seen = new Set<string>();
  const stack = [...rootIds].filter((id) => parents.has(id));
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const child of children.get(id) ?? []) stack.push(child);
  }
  return [...seen];
}

/** The chain from an organisation up to its root, itself first (stops on a cycle). */
export function ancestorIds(parents: ReadonlyMap<string, string>, id: string): string[] {
  const chain: string[] = [];
  for (let at: string | undefined = id; at && parents.has(at) && !chain.includes(at); at = parents.get(at)) chain.push(at);
  return chain;
}

export async function organizeSubtreeIds(db: Kysely<Database>, rootIds: Iterable<string>): Promise<string[]> {
  return subtreeIds(await organizeParents(db), rootIds);
}

/**
 * The company an organisation belongs to (itself when it is one), walked in memory over a map of
 * the tree read once: for callers that ask it of many organisations at a time.
 */
export function companyIn(orgs: ReadonlyMap<string, { parentId: string; category: string }>, organizeId: string | null): string | null {
  let id = organizeId;
  for (let depth = 0; id && depth < 20; depth += 1) {
    const org = orgs.get(id);
    if (!org) return null;
    if (org.category === 'company') return id;
    id = org.parentId;
  }
  return null;
}

/** Walks up the organisation tree from the user's department to its company. */
export async function companyOf(db: Kysely<Database>, organizeId: string | null): Promise<string | null> {
  let id = organizeId;
  for (let depth = 0; id && depth < 20; depth += 1) {
    const org = await db.selectFrom('baseOrganize').select(['id', 'parentId', 'category']).where('id', '=', id).executeTakeFirst();
    if (!org) return null;
    if (org.category === 'company') return org.id;
    id = org.parentId;
  }
  return null;
}
