import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every string a person reads comes from the i18n areas: a Chinese character in a .tsx file
 * of src/app, src/pages or src/renderers (outside comments and test fixtures) is a hard-coded text
 * and fails this test.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full);
    return e.name.endsWith('.tsx') ? [full] : [];
  });
}

/** Blanks comments (line and block) while keeping strings, so a // inside a string survives. */
export function stripComments(source: string): string {
  let out = '';
  let i = 0;
  let quote: string | null = null;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (quote) {
      out += c;
      if (c === '\\') {
        out += next ?? '';
        i += 2;
        continue;
      }
      if (c === quote) quote = null;
      i++;
      continue;
    }
    if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    out += c;
    i++;
  }
  return out;
}

describe('no hard-coded Chinese text in the app, its pages and the renderers', () => {
  const sources = [...files(path.join(ROOT, 'src/app')), ...files(path.join(ROOT, 'src/pages')), ...files(path.join(ROOT, 'src/renderers'))].filter(
    (f) => !f.includes(`${path.sep}testing${path.sep}`),
  );

  it('finds the files', () => {
    expect(sources.length).toBeGreaterThan(20);
  });

  it('the comment stripper keeps strings and drops comments', () => {
    expect(stripComments("const a = '中'; // 注释\n/* 块 */ x")).toBe("const a = '中'; \n x");
    expect(stripComments("const u = 'http://x'; // c")).toBe("const u = 'http://x'; ");
  });

  it('no .tsx file under src/app, src/pages or src/renderers holds a Chinese literal', () => {
    const offenders: string[] = [];
    for (const file of sources) {
      const lines = stripComments(fs.readFileSync(file, 'utf8')).split('\n');
      lines.forEach((line, n) => {
        if (CJK.test(line)) offenders.push(`${path.relative(ROOT, file)}:${n + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
