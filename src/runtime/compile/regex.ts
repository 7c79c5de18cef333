/**
 * regList patterns arrive as JavaScript regex literals written as strings
 * ('/^1[3456789]\\d{9}$/', '/abc/i'), as bare sources ('^\\d+$'), or as '@name' of a
 * shared pattern. parseRegex splits literal from flags and proves the result compiles.
 */
export type ParsedRegex = { ok: true; pattern: string; flags: string } | { ok: false; pattern: string };

const LITERAL = /^\/([\s\S]+)\/([dgimsuvy]*)$/;

export function parseRegex(text: string): ParsedRegex {
  const trimmed = text.trim();
  const literal = LITERAL.exec(trimmed);
  const pattern = literal ? literal[1]! : trimmed;
  // g and y make RegExp.test stateful: dropped, they mean nothing for a one-shot check.
  const flags = literal ? literal[2]!.replace(/[gy]/g, '') : '';
  if (!pattern) return { ok: false, pattern: text };
  try {
    new RegExp(pattern, flags);
    return { ok: true, pattern, flags };
  } catch {
    return { ok: false, pattern: text };
  }
}
