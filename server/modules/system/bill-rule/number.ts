import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../../db';
import { AppError, refuse } from '../../../http/errors';
import { ReplyCode } from '../../../../src/runtime/codes';
import { formatBillNumber, periodKeys } from '../../../../src/runtime/bill-number';
import { translate, type Locale } from '../../../../src/runtime/i18n';
import { kindOf } from '../../../../src/runtime/kinds';
import type { CompiledField, CompiledModel } from '../../../../src/runtime/model/compiled';

/** Numbers GET BillNumber handed out stay claimable by a record this long. */
export const ISSUED_KEEP_MS = 7 * 24 * 3600 * 1000;
let lastPrune = 0;

/**
 * The next number of a rule, by its code: one UPDATE … RETURNING of the rule's own row, so the
 * counter moves atomically on both SQLite and PostgreSQL (a concurrent writer waits for the row
 * and then counts on from what the other committed), and within the caller's transaction when
 * it passes one (a refused record save gives its number back).
 *
 * The period is the date part in the rule's format, computed by the database from the keys of
 * `now` for every format, so a rule edited meanwhile is counted by its new format. The counter
 * restarts at the start number when the period moves forward (or the format changed); a caller
 * whose clock still says the previous period (a request begun before midnight) counts on in the
 * newer one instead of restarting it, so a period never starts twice. A start number raised
 * above the counter takes effect at once; the counter never goes back.
 */
export async function nextBillNumber(db: Db, code: string, now: Date | number = Date.now()): Promise<string> {
  return (await drawNumber(db, code, now)).number;
}

/** The SET of a draw: the counter and its period, from the row's own values and the keys of `now`. */
function counterMove(now: Date | number) {
  const keys = periodKeys(now);
  const text = (v: string) => sql<string>`cast(${v} as varchar(10))`;
  const period = sql<string>`(case date_format when 'yyyyMMdd' then ${text(keys.yyyyMMdd)} when 'yyyyMM' then ${text(keys.yyyyMM)} when 'yyyy' then ${text(keys.yyyy)} else '' end)`;
  const start = sql<number>`cast(start_number as bigint)`;
  const restart = sql<boolean>`(last_number is null or last_period is null or length(last_period) <> length(${period}) or ${period} > last_period)`;
  return {
    lastNumber: sql<number>`(case when ${restart} then ${start} when last_number + 1 < ${start} then ${start} else last_number + 1 end)`,
    lastPeriod: sql<string>`(case when ${restart} then ${period} else last_period end)`,
  };
}

/** No row moved: the code names no rule (404), or a disabled one. */
async function unavailable(db: Db, code: string): Promise<never> {
  const rule = await db.selectFrom('baseBillRule').select('enabledMark').where('enCode', '=', code).executeTakeFirst();
  if (!rule) throw new AppError(ReplyCode.notFound, 'billRule.codeNotFound', { code });
  throw refuse('billRule.disabled', { code });
}

async function drawNumber(db: Db, code: string, now: Date | number): Promise<{ ruleId: string; number: string }> {
  const row = await db
    .updateTable('baseBillRule')
    .set(counterMove(now))
    .where('enCode', '=', code)
    .where('enabledMark', '=', 1)
    .returning(['id', 'prefix', 'digit', 'lastNumber', 'lastPeriod'])
    .executeTakeFirst();
  if (!row) return unavailable(db, code);
  return { ruleId: row.id, number: formatBillNumber(row.prefix, row.lastPeriod ?? '', Number(row.lastNumber), Number(row.digit)) };
}

/**
 * PostgreSQL: the draw and its handed-out row as one statement (an UPDATE … RETURNING feeding an
 * INSERT), so the rule's row is locked for one statement and its commit, and no pooled
 * connection waits on it inside an open transaction while other requests need one. The number
 * is formatted in SQL exactly as formatBillNumber does (padded, never cut).
 */
async function issueOnPostgres(db: Db, code: string, userId: string | null, now: number): Promise<string> {
  const move = counterMove(now);
  const { rows } = await sql<{ number: string }>`
    with drawn as (
      update base_bill_rule set last_number = ${move.lastNumber}, last_period = ${move.lastPeriod}
      where en_code = ${code} and enabled_mark = 1
      returning id, prefix, digit, last_number, last_period
    ), numbered as (
      select id, prefix || last_period || (case when length(cast(last_number as varchar)) >= digit then cast(last_number as varchar)
        else lpad(cast(last_number as varchar), digit, '0') end) as number from drawn
    )
    insert into base_bill_rule_issued (rule_id, number, issued_at, issued_by)
    select id, number, cast(${now} as bigint), cast(${userId} as varchar) from numbered
    on conflict (rule_id, number) do update set issued_at = excluded.issued_at, issued_by = excluded.issued_by
    returning number`.execute(db);
  if (!rows[0]) return unavailable(db, code);
  return rows[0].number;
}

/**
 * GET BillNumber/{code}: the next number, remembered as handed out so that a record created with
 * it keeps it (the product's client asks for the number when a form opens, then saves it).
 */
export async function issueBillNumber(db: Db, code: string, userId: string | null, now = Date.now()): Promise<string> {
  const number = db.getExecutor().adapter instanceof PostgresAdapter ? await issueOnPostgres(db, code, userId, now) : await db.transaction().execute(async (trx) => {
    const drawn = await drawNumber(trx, code, now);
    await trx
      .insertInto('baseBillRuleIssued')
      .values({ ruleId: drawn.ruleId, number: drawn.number, issuedAt: now, issuedBy: userId })
      .onConflict((oc) => oc.columns(['ruleId', 'number']).doUpdateSet({ issuedAt: now, issuedBy: userId }))
      .execute();
    return drawn.number;
  });
  // Forgotten numbers (a form opened and closed) go after a week; at most once a minute per
  // process and outside the draw, so concurrent draws never wait on each other's deletes.
  if (now - lastPrune > 60_000) {
    lastPrune = now;
    await db.deleteFrom('baseBillRuleIssued').where('issuedAt', '<', now - ISSUED_KEEP_MS).execute();
  }
  return number;
}

/** Takes a handed-out number of a rule for a record: true once, when it was issued and not yet used. */
async function claimIssued(db: Db, code: string, number: string): Promise<boolean> {
  const rule = await db.selectFrom('baseBillRule').select('id').where('enCode', '=', code).executeTakeFirst();
  if (!rule) return false;
  const taken = await db.deleteFrom('baseBillRuleIssued').where('ruleId', '=', rule.id).where('number', '=', number).returning('number').executeTakeFirst();
  return Boolean(taken);
}

/** The fields of a model that hold serial numbers, with their rules' codes (top-level fields). */
export function serialFieldsOf(model: CompiledModel): { field: CompiledField; rule: string }[] {
  const out: { field: CompiledField; rule: string }[] = [];
  for (const field of Object.values(model.form.fields)) {
    const rule = field.stores ? kindOf(field.kind).serialRule(field) : null;
    if (rule) out.push({ field, rule });
  }
  return out;
}

const present = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/**
 * Fills the serial fields of a record being written, inside its transaction. On create a value
 * GET BillNumber handed out for the field's rule (and not yet saved) is kept; anything else the
 * client sent is replaced by the rule's next number — the field is read-only, so another value
 * can only be stale or forged. On update the stored number stays; a record stored without one
 * (saved before its rule existed) gets one when the rule can give it. On create, a missing or
 * disabled rule refuses the save under the field, in the caller's language; on update it leaves
 * the field empty (an old record stays editable while its rule is away).
 */
export async function assignSerialNumbers(db: Db, model: CompiledModel, data: Record<string, unknown>, stored: Record<string, unknown> | null, locale: Locale): Promise<void> {
  for (const { field, rule } of serialFieldsOf(model)) {
    if (stored && present(stored[field.key])) {
      data[field.key] = stored[field.key];
      continue;
    }
    const sent = data[field.key];
    if (!stored && present(sent) && (await claimIssued(db, rule, String(sent)))) continue;
    try {
      data[field.key] = await nextBillNumber(db, rule);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (stored) {
        data[field.key] = null;
        continue;
      }
      const message = translate(locale, 'billRule.fieldUnavailable', { label: field.label || field.key, code: rule });
      throw refuse('visualdev.recordInvalid', { detail: message }, { errors: [{ field: field.key, message }] });
    }
  }
}
