/** What the two readers (SQLite child process, PostgreSQL reader login) are asked and answer. */

export type Row = Record<string, unknown>;

export interface ReaderJob {
  /** rows: run it; columns: the result's column names (SQLite: without running it). */
  mode: 'rows' | 'columns';
  /** One SELECT, already wrapped by the runner: select … from ( interface SQL ) t … */
  sql: string;
  parameters: unknown[];
  rowCap: number;
  /** Rough size bound of the answer (characters of text, bytes of blobs). */
  byteCap: number;
}

export type ReaderFailure =
  | { key: 'dataInterface.sqlNotReadable'; detail: string }
  | { key: 'dataInterface.sqlMultiple' }
  | { key: 'dataInterface.sqlNotSelect' }
  | { key: 'dataInterface.timeLimit'; seconds: number }
  | { key: 'dataInterface.resultTooLarge'; megabytes: number }
  | { key: 'dataInterface.readerUnavailable'; detail: string }
  | { key: 'dataInterface.sqlError'; detail: string };

export type ReaderResult = { ok: true; rows: Row[]; columns: string[] } | { ok: false; failure: ReaderFailure };

/** Size of a value as it would travel in the reply, roughly. */
export function approximateSize(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (value instanceof Uint8Array) return value.byteLength * 2;
  return 8;
}

/** The database's own words, first line only: no stack, no driver internals. */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.slice(0, 500);
}
