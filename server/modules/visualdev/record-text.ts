import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db, Dialect } from '../../db';
import type { VisualdevRecordTextRow } from '../../db/schema';
import type { CompiledModel } from '../../../src/runtime/model/compiled';

/**
 * The keyword box's text index (visualdev_record_text): one row per record and keyword field
 * with a value, holding exactly the value index's text, written in the record's transaction.
 * A trigram index over it (SQLite FTS5, PostgreSQL pg_trgm) finds the candidates of a keyword
 * of three characters or more; the keyword's own LIKE/ILIKE on the stored text decides, so a
 * match is what it was before the index: a case-insensitive substring (SQLite: ASCII letters
 * only, as its LIKE; PostgreSQL: ILIKE) of one of the list's keyword fields.
 */

type Tx = Db;
type TextRow = Omit<VisualdevRecordTextRow, 'id'>;

/** Trigram indexes need three characters; shorter keywords scan the model's value index. */
const TRIGRAM = 3;

/** The model's keyword fields that the value index holds (`indexed`: its fields), in the list's order. */
export function keywordFieldsOf(model: CompiledModel, indexed: ReadonlyMap<string, 'num' | 'text'>): string[] {
  return [...new Set(model.list.keywordFields)].filter((f) => indexed.has(f));
}

/** Text rows of records from their value index rows (same text, same truncation), each with its record's creation time. */
export function textRows(keywordFields: string[], values: { recordId: string; modelId: string; field: string; textValue: string | null }[], createdAt: Map<string, number>): TextRow[] {
  const wanted = new Set(keywordFields);
  return values
    .filter((v) => wanted.has(v.field) && v.textValue !== null)
    .map((v) => ({ recordId: v.recordId, modelId: v.modelId, field: v.field, textValue: v.textValue!, createdAt: createdAt.get(v.recordId)! }));
}

export async function insertText(trx: Tx, rows: TextRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await trx.insertInto('visualdevRecordText').values(rows.slice(i, i + 1000)).execute();
}

export async function deleteText(trx: Tx, modelId: string, recordIds: string[] | 'all'): Promise<void> {
  let q = trx.deleteFrom('visualdevRecordText').where('modelId', '=', modelId);
  if (recordIds !== 'all') q = q.where('recordId', 'in', recordIds);
  await q.execute();
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `column LIKE '%text%'` as the dialect compares text case-insensitively (the one keyword/fuzzy comparison). */
export function containsText(dialect: Dialect, column: string, text: string): Expression<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} ilike ${likePattern(text)} escape '\\'`
    : sql<SqlBool>`${sql.ref(column)} like ${likePattern(text)} escape '\\'`;
}

/** An FTS5 phrase of the whole keyword: with the trigram tokenizer, its (case-folded) substring. */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The record ids (with repeats: one per matching field) whose keyword fields contain the keyword,
 * through the trigram index when it can help; with `createdAt`, from the text rows (also below
 * three characters) with each record's creation time.
 */
export function keywordMatches(dialect: Dialect, modelId: string, keyword: { text: string; fields: string[] }, createdAt = false): RawBuilder<{ recordId: string; createdAt?: number }> {
  const fields = sql.join(keyword.fields);
  const short = [...keyword.text].length < TRIGRAM;
  if (short && !createdAt) {
    return sql`select v.record_id from visualdev_record_value v
      where v.model_id = ${modelId} and v.field in (${fields}) and ${containsText(dialect, 'v.textValue', keyword.text)}`;
  }
  const columns = sql.raw(createdAt ? 'x.record_id, x.created_at' : 'x.record_id');
  if (dialect === 'sqlite' && !short) {
    // FTS5 folds case beyond ASCII, so its phrase match is a superset; LIKE on the row decides
    return sql`select ${columns} from visualdev_record_fts f cross join visualdev_record_text x on x.id = f.rowid
      where visualdev_record_fts match ${ftsPhrase(keyword.text)} and x.model_id = ${modelId} and x.field in (${fields}) and ${containsText(dialect, 'x.textValue', keyword.text)}`;
  }
  return sql`select ${columns} from visualdev_record_text x
    where x.model_id = ${modelId} and x.field in (${fields}) and ${containsText(dialect, 'x.textValue', keyword.text)}`;
}

/** `<id> IN (keywordMatches)`: one uncorrelated set, read once. */
export function keywordCondition(dialect: Dialect, modelId: string, keyword: { text: string; fields: string[] }, id: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(id)} in (${keywordMatches(dialect, modelId, keyword)})`;
}
