import type { Db } from '../../../db';
import type { Principal } from '../../../auth/principal';
import type { Locale } from '../../../../src/runtime/i18n';
import { releasedModel } from '../../visualdev/model-store';
import { modelPermissionsOf } from '../../visualdev/model-permissions';
import { loadRecord, readableData } from '../../visualdev/record-service';

/** Where the caller saw a file: a record of a model (the list, detail or form it opened). */
export interface RecordRef {
  modelId: string;
  recordId: string;
}

/** Whether a stored value (an upload list, a sub-table of rows holding them) names the file. */
function mentions(value: unknown, fileId: string, depth = 0): boolean {
  if (depth > 4 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => mentions(v, fileId, depth + 1));
  const record = value as Record<string, unknown>;
  if (record.fileId === fileId) return true;
  return Object.values(record).some((v) => mentions(v, fileId, depth + 1));
}

/**
 * Whether the caller may read the record (its model's permissions and data scope, as
 * GET /api/visualdev/OnlineDev/{modelId}/{id} decides) and one of the fields they may see holds
 * the file: then they may read the file too, whoever uploaded it. Any failure is a plain no.
 */
export async function recordShowsFile(db: Db, principal: Principal, locale: Locale, ref: RecordRef, fileIds: string[]): Promise<boolean> {
  try {
    const model = await releasedModel(db, ref.modelId, locale);
    const perms = modelPermissionsOf(principal, model);
    const { data } = await loadRecord(db, model, ref.recordId, perms);
    const readable = readableData(model, perms, data);
    return fileIds.every((id) => Object.values(readable).some((value) => mentions(value, id)));
  } catch {
    return false;
  }
}
