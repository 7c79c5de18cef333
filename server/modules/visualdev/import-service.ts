import type { Principal } from '../../auth/principal';
import { auditMany, type AuditActor } from '../../audit/record';
import type { Db } from '../../db';
import { newId } from '../../db/ids';
import type { VisualdevRecordRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { translate, type Locale } from '../../../src/runtime/i18n';
import type { CompiledModel } from '../../../src/runtime/model/compiled';
import { importColumns, type ImportColumn, type ImportRow } from '../../../src/runtime/import/layout';
import { assignSerialNumbers } from '../system/bill-rule/number';
import { cellReader, type CellReader } from './import-values';
import { filterModel, type ModelPermissions } from './model-permissions';
import type { InterfaceValues } from './option-sources';
import { composeRecord, validateOrRefuse } from './record-service';
import { insertRecords } from './record-store';

/**
 * ImportData (spec widgets 2.8, 7): every record goes through the form's own save path —
 * composeRecord and validateOrRefuse of record-service.ts (required, regList, types, option,
 * relation and picker checks, fields outside the caller's form permissions ignored) — after its
 * cells were read into values (import-values.ts). A record that fails is reported with its
 * reasons and never written. The records that pass are written in batches of IMPORT_BATCH, one
 * transaction each (serial numbers drawn, rows and index inserted, audit lines written): when
 * anything in a batch's transaction fails, the whole batch rolls back and each of its records
 * is reported failed with the reason, so nothing of a failed batch is half-written, and the
 * batches before it stay saved (docs/DECISIONS.md).
 */
export const IMPORT_BATCH = 100;

export type FailedRow = ImportRow & { errorsInfo: string };
export interface ImportOutcome { snum: number; fnum: number; failResult: FailedRow[]; resultType: 0 | 1 }

const reasonOf = (error: unknown, locale: Locale): string => {
  if (error instanceof AppError) {
    const errors = (error.data as { errors?: { message: string }[] } | undefined)?.errors;
    return errors?.length ? errors.map((e) => e.message).join('；') : translate(locale, error.key, error.params);
  }
  return translate(locale, 'bulkImport.batchFailed');
};

/** One record's cells as the field values a form would send, or the problems of its cells. */
function inputOf(row: ImportRow, columns: ImportColumn[], model: CompiledModel, read: CellReader): { input: Record<string, unknown>; problems: string[] } {
  const input: Record<string, unknown> = {};
  const problems: string[] = [];
  const take = (outcome: ReturnType<CellReader>, put: (v: unknown) => void) => ('problem' in outcome ? problems.push(outcome.problem) : put(outcome.value));
  for (const c of columns) {
    const field = model.form.fields[c.key]!;
    if (c.children) {
      const childRows = Array.isArray(row[c.key]) ? (row[c.key] as Record<string, string>[]) : [];
      input[c.key] = childRows.map((child) => {
        const out: Record<string, unknown> = {};
        for (const cc of c.children!) {
          const column = field.columns!.find((x) => x.key === cc.key)!;
          take(read(column, String(child[cc.key] ?? '')), (v) => (out[cc.key] = v));
        }
        return out;
      });
    } else if (typeof row[c.key] === 'string') take(read(field, row[c.key] as string), (v) => (input[c.key] = v));
  }
  return { input, problems };
}

export async function importRecords(
  db: Db, model: CompiledModel, perms: ModelPermissions, principal: Principal, rows: ImportRow[], locale: Locale, interfaceValues: InterfaceValues, actor: AuditActor,
): Promise<ImportOutcome> {
  const columns = importColumns(filterModel(model, perms));
  const fields = columns.map((c) => model.form.fields[c.key]!);
  const read = await cellReader(db, fields, rows, locale);
  const failResult: FailedRow[] = [];
  const passed: { row: ImportRow; data: Record<string, unknown>; company: string | null; now: number }[] = [];
  // one caller, one company: looked up by the first record, then reused
  let knownCompany: string | null | undefined;
  for (const row of rows) {
    const { input, problems } = inputOf(row, columns, model, read);
    if (problems.length) {
      failResult.push({ ...row, errorsInfo: problems.join('；') });
      continue;
    }
    try {
      const { data, now, company } = await composeRecord(db, model, perms, principal, input, null, knownCompany);
      knownCompany = company;
      await validateOrRefuse(db, model, perms, principal, data, 'create', locale, interfaceValues);
      passed.push({ row, data, company, now });
    } catch (error) {
      failResult.push({ ...row, errorsInfo: reasonOf(error, locale) });
    }
  }
  let snum = 0;
  for (let i = 0; i < passed.length; i += IMPORT_BATCH) {
    const batch = passed.slice(i, i + IMPORT_BATCH);
    try {
      await db.transaction().execute(async (trx) => {
        const records: VisualdevRecordRow[] = [];
        for (const { data, company, now } of batch) {
          await assignSerialNumbers(trx, model, data, null, locale);
          records.push({
            id: newId(), modelId: model.id, data: JSON.stringify(data), createdBy: principal.user.id, createdAt: now, modifiedBy: null, modifiedAt: null,
            organizeId: company, departmentId: principal.user.organizeId, positionId: principal.user.positionId,
          });
        }
        await insertRecords(trx, model, records);
        await auditMany(trx, actor, records.map((r, n) => ({ entity: 'record', entityId: r.id, action: 'create' as const, after: batch[n]!.data, name: model.fullName })));
      });
      snum += batch.length;
    } catch (error) {
      const reason = reasonOf(error, locale);
      for (const { row } of batch) failResult.push({ ...row, errorsInfo: reason });
    }
  }
  return { snum, fnum: failResult.length, failResult, resultType: failResult.length ? 1 : 0 };
}
