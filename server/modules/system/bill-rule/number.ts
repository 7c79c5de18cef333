import { sql } from 'kysely';
import type { Db } from '../../../db';
import { AppError, refuse } from '../../../http/errors';
import { ReplyCode } from '../../../../src/runtime/codes';
import { formatBillNumber, periodKeys } from '../../../../src/runtime/bill-number';
import { translate, type Locale } from '../../../../src/runtime/i18n';
import { kindOf } from '../../../../src/runtime/kinds';
import type { CompiledField, CompiledModel } from '../../../../src/runtime/model/compiled';

/** Numbers GET BillNumber handed out stay claimable by a record this long. */
export const ISSUED_KEEP_MS = 7 * 24 * 3600 * 1000;

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

async function drawNumber(db: Db, code: string, now: Date | number): Promise<{ ruleId: string; number: string }> {
  const keys = periodKeys(now);
  const text = (v: string) => sql<string>`cast(${v} as varchar(10))`;
  const period = sql<string>`(case date_format when 'yyyyMMdd' then ${text(keys.yyyyMMdd)} when 'yyyyMM' then ${text(keys.yyyyMM)} when 'yyyy' then ${text(keys.yyyy)} else '' end)`;
  const start = sql<number>`cast(start_number as bigint)`;
  const restart = sql<boolean>`(last_number is null or last_period is null or length(last_period) <> length(${period}) or ${period} > last_period)`;
  const row = await db
    .updateTable('baseBillRule')
    .set({
      lastNumber: sql<number>`(case when ${restart} then ${start} when last_number + 1 < ${start} then ${start} else last_number + 1 end)`,
      lastPeriod: sql<string>`(case when ${restart} then ${period} else last_period end)`,
    })
    .where('enCode', '=', code)
    .where('enabledMark', '=', 1)
    .returning(['id', 'prefix', 'digit', 'lastNumber', 'lastPeriod'])
    .executeTakeFirst();
  if (!row) {
    const rule = await db.selectFrom('baseBillRule').select('enabledMark').where('enCode', '=', code).executeTakeFirst();
    if (!rule) throw new AppError(ReplyCode.notFound, 'billRule.codeNotFound', { code });
    throw refuse('billRule.disabled', { code });
  }
  return { ruleId: row.id, number: formatBillNumber(row.prefix, row.lastPeriod ?? '', Number(row.lastNumber), Number(row.digit)) };
}

/**
 * GET BillNumber/{code}: the next number, remembered as handed out so that a record created with
 * it keeps it (the product's client asks for the number when a form opens, then saves it).
 */
export async function issueBillNumber(db: Db, code: string, userId: string | null, now = Date.now()): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const { ruleId, number } = await drawNumber(trx, code, now);
    await trx
      .insertInto('baseBillRuleIssued')
      .values({ ruleId, number, issuedAt: now, issuedBy: userId })
      .onConflict((oc) => oc.columns(['ruleId', 'number']).doUpdateSet({ issuedAt: now, issuedBy: userId }))
      .execute();
    await trx.deleteFrom('baseBillRuleIssued').where('issuedAt', '<', now - ISSUED_KEEP_MS).execute();
    return number;
  });
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
