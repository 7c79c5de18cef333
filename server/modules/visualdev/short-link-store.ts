import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db';
import { newId } from '../../db/ids';
import type { ShortLinkRow } from '../../db/schema';

/**
 * base_visualdev_short_link and its two helper tables: the link of a model, the submissions
 * made through it (receipts stored as SHA-256) and the hits counted for rate limits. The rate
 * limits live in the database, so several app processes behind a load balancer share them.
 */

export const SHORT_LINK_RULES = {
  /** Submissions per IP and link per window. */
  submitsPerWindow: 10,
  /** Wrong passwords per IP and link per window. */
  passwordFailuresPerWindow: 10,
  windowMs: 60_000,
  /** How long a receipt shows its record. */
  receiptTtlMs: 24 * 3600_000,
} as const;

export type HitKind = 'submit' | 'password';

/** 24 random bytes: 32 url-safe characters (192 bits). */
export const newCode = () => randomBytes(24).toString('base64url');
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const shortLinkUrl = (code: string) => `/formShortLink?code=${encodeURIComponent(code)}`;

export function findLinkOfModel(db: Db, modelId: string): Promise<ShortLinkRow | undefined> {
  return db.selectFrom('baseVisualdevShortLink').selectAll().where('modelId', '=', modelId).executeTakeFirst();
}

export function findLinkByCode(db: Db, code: string): Promise<ShortLinkRow | undefined> {
  return db.selectFrom('baseVisualdevShortLink').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function saveLink(db: Db, row: ShortLinkRow, isNew: boolean): Promise<void> {
  if (isNew) await db.insertInto('baseVisualdevShortLink').values(row).execute();
  else {
    const { id, ...values } = row;
    await db.updateTable('baseVisualdevShortLink').set(values).where('id', '=', id).execute();
  }
}

/** Open for filling now: enabled, fill allowed, not expired, under the submission cap. */
export function isOpenForFill(link: ShortLinkRow, now: number): boolean {
  return isLive(link, now) && link.allowFill === 1 && (link.maxSubmissions === null || link.submissions < link.maxSubmissions);
}

/** Enabled and not expired (what a receipt view needs besides allowView). */
export function isLive(link: ShortLinkRow, now: number): boolean {
  return link.enabled === 1 && (link.expiresAt === null || link.expiresAt > now);
}

/** Hits of this kind by the IP on this link within the window. */
export async function recentHits(db: Db, linkId: string, ip: string, kind: HitKind): Promise<number> {
  const row = await db
    .selectFrom('baseVisualdevShortLinkHit')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('linkId', '=', linkId)
    .where('ip', '=', ip.slice(0, 64))
    .where('kind', '=', kind)
    .where('createdAt', '>', Date.now() - SHORT_LINK_RULES.windowMs)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function addHit(db: Db, linkId: string, ip: string, kind: HitKind): Promise<void> {
  const now = Date.now();
  await db.insertInto('baseVisualdevShortLinkHit').values({ id: newId(), linkId, ip: ip.slice(0, 64), kind, createdAt: now }).execute();
  // Hits older than an hour serve no limit any more.
  await db.deleteFrom('baseVisualdevShortLinkHit').where('createdAt', '<', now - 3600_000).execute();
}

/** Takes one submission slot; false when the cap is reached (one statement, so two callers cannot both take the last). */
export async function takeSubmissionSlot(db: Db, link: ShortLinkRow): Promise<boolean> {
  let q = db.updateTable('baseVisualdevShortLink').set((eb) => ({ submissions: eb('submissions', '+', 1) })).where('id', '=', link.id);
  if (link.maxSubmissions !== null) q = q.where('submissions', '<', link.maxSubmissions);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function giveBackSubmissionSlot(db: Db, linkId: string): Promise<void> {
  await db.updateTable('baseVisualdevShortLink').set((eb) => ({ submissions: eb('submissions', '-', 1) })).where('id', '=', linkId).where('submissions', '>', 0).execute();
}

/** Records a submission and returns its receipt (only its hash is stored). */
export async function recordSubmission(db: Db, link: ShortLinkRow, recordId: string, ip: string | null): Promise<string> {
  const receipt = randomBytes(24).toString('base64url');
  const now = Date.now();
  await db.insertInto('baseVisualdevShortLinkSubmission').values({
    id: newId(), linkId: link.id, modelId: link.modelId, recordId, receiptHash: sha256(receipt), ip: ip?.slice(0, 64) ?? null,
    createdAt: now, receiptExpiresAt: now + SHORT_LINK_RULES.receiptTtlMs,
  }).execute();
  return receipt;
}

/** The record id a live receipt of this link shows, else null. */
export async function recordOfReceipt(db: Db, linkId: string, receipt: string): Promise<string | null> {
  const row = await db
    .selectFrom('baseVisualdevShortLinkSubmission')
    .select(['recordId', 'receiptExpiresAt'])
    .where('receiptHash', '=', sha256(receipt))
    .where('linkId', '=', linkId)
    .executeTakeFirst();
  return row && row.receiptExpiresAt > Date.now() ? row.recordId : null;
}
