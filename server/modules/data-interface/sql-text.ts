/**
 * A small lexical pass over an interface's SQL: finds the named parameters (`@name`) outside
 * strings, quoted identifiers and comments, tells whether there is more than one statement,
 * and names the first keyword (for the save-time feedback). It does not parse SQL and guards
 * nothing: the reader does that below the text (see sql-runner.ts).
 */
export interface ScannedSql {
  /** Text pieces around the parameters: parts.length === names.length + 1. Trailing semicolons are dropped, others kept. */
  parts: string[];
  names: string[];
  /** A second statement follows a semicolon. */
  multiple: boolean;
  firstKeyword: string;
  /** Lower-cased bare words and quoted identifiers. */
  words: Set<string>;
}

const IDENT_START = /[A-Za-z_]/;
const IDENT = /[A-Za-z0-9_$]/;

export function scanSql(text: string): ScannedSql {
  const parts: string[] = [];
  const names: string[] = [];
  const words = new Set<string>();
  let firstKeyword = '';
  let current = '';
  let afterSemicolon = false;
  let multiple = false;
  /** Where the first semicolon sits in the current part. */
  let semicolonAt = -1;
  let i = 0;
  const n = text.length;
  const significant = () => {
    if (afterSemicolon) multiple = true;
  };
  while (i < n) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      current += text.slice(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      current += text.slice(i, stop);
      i = stop;
    } else if (c === "'" || c === '"' || c === '`') {
      significant();
      let j = i + 1;
      while (j < n) {
        if (text[j] === c) {
          if (text[j + 1] === c) j += 2;
          else break;
        } else j += 1;
      }
      if (c !== "'") words.add(text.slice(i + 1, j).replaceAll(c + c, c).toLowerCase());
      current += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '$' && /[A-Za-z_$]/.test(next ?? '') && /^\$[A-Za-z_]?[A-Za-z0-9_]*\$/.test(text.slice(i))) {
      // PostgreSQL dollar quoting: $$…$$ or $tag$…$tag$
      significant();
      const tag = /^\$[A-Za-z_]?[A-Za-z0-9_]*\$/.exec(text.slice(i))![0];
      const end = text.indexOf(tag, i + tag.length);
      const stop = end === -1 ? n : end + tag.length;
      current += text.slice(i, stop);
      i = stop;
    } else if (c === '@' && IDENT_START.test(next ?? '')) {
      significant();
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_]/.test(text[j]!)) j += 1;
      parts.push(current);
      names.push(text.slice(i + 1, j));
      current = '';
      i = j;
    } else if (c === ';') {
      if (!afterSemicolon) semicolonAt = current.length;
      afterSemicolon = true;
      current += c;
      i += 1;
    } else if (IDENT_START.test(c)) {
      significant();
      let j = i + 1;
      while (j < n && IDENT.test(text[j]!)) j += 1;
      const word = text.slice(i, j);
      if (!firstKeyword) firstKeyword = word.toLowerCase();
      words.add(word.toLowerCase());
      current += word;
      i = j;
    } else {
      if (!/\s/.test(c)) significant();
      current += c;
      i += 1;
    }
  }
  // Trailing semicolons go (the statement becomes a subquery); any other stays, and the database refuses a second statement.
  if (!multiple && semicolonAt >= 0) current = current.slice(0, semicolonAt) + current.slice(semicolonAt).replaceAll(';', '');
  parts.push(current);
  return { parts, names, multiple, firstKeyword, words };
}

export type SqlProblem = { key: 'dataInterface.sqlRequired' | 'dataInterface.sqlMultiple' | 'dataInterface.sqlNotSelect' };

/**
 * Early feedback when an SQL interface is saved: one statement starting with SELECT or WITH.
 * Not a guard: what a statement may read or do is decided when it runs (sql-runner.ts).
 */
export function sqlProblem(scanned: ScannedSql): SqlProblem | null {
  if (!scanned.firstKeyword) return { key: 'dataInterface.sqlRequired' };
  if (scanned.multiple) return { key: 'dataInterface.sqlMultiple' };
  if (scanned.firstKeyword !== 'select' && scanned.firstKeyword !== 'with') return { key: 'dataInterface.sqlNotSelect' };
  return null;
}
