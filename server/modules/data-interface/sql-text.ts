/**
 * A small lexical pass over an interface's SQL: finds the named parameters (`@name`) outside
 * strings, quoted identifiers and comments, tells whether there is more than one statement,
 * and names the first keyword and every bare word (for the read-only and sensitive-name checks).
 * It does not parse SQL: the database does that, read-only (see sql-runner.ts).
 */
export interface ScannedSql {
  /** Text pieces around the parameters: parts.length === names.length + 1. Trailing semicolons are dropped. */
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
      afterSemicolon = true;
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
  parts.push(current);
  return { parts, names, multiple, firstKeyword, words };
}

/** Tables and columns that hold secrets: never readable through a data interface. */
export const SENSITIVE_NAMES = ['password_hash', 'token_hash', 'code_hash', 'base_session', 'base_sms_code', 'base_captcha', 'base_login_failure', 'base_export_ticket'];

export type SqlProblem = { key: 'dataInterface.sqlRequired' | 'dataInterface.sqlMultiple' | 'dataInterface.sqlNotSelect' } | { key: 'dataInterface.sqlForbidden'; name: string };

/** The checks made when an SQL interface is saved and again before every run. */
export function sqlProblem(scanned: ScannedSql): SqlProblem | null {
  if (!scanned.firstKeyword) return { key: 'dataInterface.sqlRequired' };
  if (scanned.multiple) return { key: 'dataInterface.sqlMultiple' };
  if (scanned.firstKeyword !== 'select' && scanned.firstKeyword !== 'with') return { key: 'dataInterface.sqlNotSelect' };
  const sensitive = SENSITIVE_NAMES.find((name) => scanned.words.has(name));
  if (sensitive) return { key: 'dataInterface.sqlForbidden', name: sensitive };
  return null;
}
