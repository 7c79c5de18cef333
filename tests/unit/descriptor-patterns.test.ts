import { describe, expect, it } from 'vitest';
import { compileModel } from '../../src/runtime/compile';
import { isSafePattern, useAmbiguityCheck, withoutHarmlessQuantifiers } from '../../src/runtime/compile/safe-regex';
import { isExponentiallyAmbiguous } from '../../src/runtime/compile/regex-ambiguity';

// As the server and schema:check do (the browser leaves the ambiguity check off).
useAmbiguityCheck(isExponentiallyAmbiguous);
import { PATTERN_INPUT_MAX, SHARED_PATTERNS, validateRecord } from '../../src/runtime/validation';
import { checkDescriptor } from '../../scripts/schema-lib';

/** regList patterns run on anonymous input (short links): unsafe ones never compile, input is capped. */

const field = (label: string, pattern: string) => ({
  __config__: { jnpfKey: 'comInput', label, regList: [{ pattern, message: `${label}格式不对` }] },
  __vModel__: 'code',
});
const descriptor = (pattern: string) => ({ id: 'm', fullName: 'M', enCode: 'm', formData: { fields: [field('物料编码', pattern)] }, columnData: {} });

describe('catastrophic-backtracking patterns', () => {
  it('loops inside loops are refused, whatever quantifier makes them', () => {
    for (const p of ['(a+)+$', '^(\\w*)*$', '^(\\d+\\s?)+$', '(a?){30}a{30}', '(x{2,3})+', '^([a-z]+)*@', '^(?:a|b+)*c$']) expect(isSafePattern(p), p).toBe(false);
  });

  it('overlapping alternatives inside one loop are refused: exponentially many ways to match one input', () => {
    for (const [p, flags] of [
      ['(a|aa)+$', ''], ['^(a|a)*b', ''], ['^(\\w|\\d)+$', ''], ['^(?:a|b|ab)*$', ''], ['^(A|a)+$', 'i'], ['^(\\p{L}|\\p{Lu})+$', 'u'], ['^([\\p{Script=Han}]|[\\u4e00-\\u9fa5])+$', 'u'],
    ] as const) {
      expect(isSafePattern(p, flags), `/${p}/${flags}`).toBe(false);
      expect(isExponentiallyAmbiguous(p, flags), `/${p}/${flags}`).toBe(true);
    }
  });

  it('alternatives that cannot overlap, and \\p{…} read with the pattern\'s own flags, pass', () => {
    for (const [p, flags] of [
      ['^([a-z]|[0-9])+$', ''], ['^(A|a)+$', ''], ['(ab|a)*c', ''], ['^(\\p{L}|\\p{N})+$', 'u'], ['^\\p{L}{2,20}$', 'u'], ['^[\\p{L}\\p{N}_]+$', 'u'],
    ] as const) expect(isSafePattern(p, flags), `/${p}/${flags}`).toBe(true);
    // Loops in loops without overlap are not ambiguous (the star-height check still refuses them on its own).
    for (const p of ['^[\\w.-]+@[\\w-]+(\\.[\\w-]+)+$', '^(\\d{1,3}\\.){3}\\d{1,3}$']) expect(isExponentiallyAmbiguous(p, ''), p).toBe(false);
    // Under `u`, \p{L} is every letter and overlaps `a`; without it, it is the text "p{L}", which does not.
    expect(isSafePattern('^(\\p{L}|a)+$', 'u')).toBe(false);
    expect(isSafePattern('^(\\p{L}|a)+$', '')).toBe(true);
  });

  it('an ambiguous pattern is a compile error like a nested loop', () => {
    const r = compileModel(descriptor('/^(\\w|\\d)+$/'), { file: 'm.json' });
    expect(r.problems.filter((p) => p.severity === 'error').map((p) => p.path)).toHaveLength(1);
    expect(compileModel(descriptor('/^(\\p{Lu}|[a-z])+$/u'), { file: 'm.json' }).problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('optional parts, exact counts and single loops pass: the patterns forms really use', () => {
    for (const p of ['^\\d{8}(\\d{5})?$', '^1[3-9]\\d{9}$', '^[A-Za-z0-9 ]+$', '^G\\d{4}$', '^(?:ab)?c+$', '^[a-z]+?$', '^\\d+(\\.\\d{1,2})?$', '^([a-z]{2})+$'])
      expect(isSafePattern(p), p).toBe(true);
    // the quantifiers that cannot nest are the ones taken out before safe-regex2 judges
    expect(withoutHarmlessQuantifiers('^\\d{8}(\\d{5})?$')).toBe('^\\d(\\d)$');
    expect(withoutHarmlessQuantifiers('(a?){30}[?{]a{30}')).toBe('(a?){30}[?{]a');
  });

  it('the shared patterns are ours and are not judged (@email is the answer for an email field)', () => {
    const r = compileModel({ ...descriptor('@email') }, { file: 'm.json' });
    expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(r.model!.form.fields.code!.rules[0]).toMatchObject({ shared: 'email', pattern: SHARED_PATTERNS.email.pattern });
  });

  it('an unsafe pattern is a compile error naming the field, in the caller\'s language, and never becomes a rule', () => {
    const r = compileModel(descriptor('/^(\\d+)+$/'), { file: 'm.json' });
    const errors = r.problems.filter((p) => p.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ path: 'formData.fields[0].__config__.regList[0].pattern', code: 'compile.unsafeRegex' });
    expect(errors[0]!.message).toContain('字段“物料编码”的校验正则 /^(\\d+)+$/');
    expect(r.model?.form.fields.code?.rules ?? []).toEqual([]);
    const en = compileModel(descriptor('/^(\\d+)+$/'), { file: 'm.json', locale: 'en' }).problems[0]!.message;
    expect(en).toContain('of field "物料编码" could backtrack catastrophically');
    const tw = compileModel(descriptor('/^(\\d+)+$/'), { file: 'm.json', locale: 'zh-TW' }).problems[0]!.message;
    expect(tw).toContain('欄位「物料编码」的校驗正規表示式');
  });

  it('schema:check reports it', () => {
    const { problems } = checkDescriptor({ kind: 'model', file: 'schemas/models/m.json', json: descriptor('/^(\\d+)+$/'), problems: [] });
    expect(problems).toContainEqual(expect.objectContaining({ severity: 'error', code: 'compile.unsafeRegex', path: 'formData.fields[0].__config__.regList[0].pattern' }));
  });
});

describe('the input a pattern is tested against', () => {
  const model = compileModel(descriptor('/^[A-Z0-9]+$/'), { file: 'm.json' }).model!;

  it(`is at most ${PATTERN_INPUT_MAX} characters: longer text fails with a message that says why`, () => {
    expect(validateRecord(model, { code: 'A'.repeat(PATTERN_INPUT_MAX) })).toEqual([]);
    expect(validateRecord(model, { code: 'A'.repeat(PATTERN_INPUT_MAX + 1) })).toEqual([{ field: 'code', message: '内容过长（超过10000个字符），无法校验格式' }]);
    expect(validateRecord(model, { code: 'A'.repeat(PATTERN_INPUT_MAX + 1) }, { locale: 'en' })[0]!.message).toBe('Too long to check its format: at most 10000 characters');
    expect(validateRecord(model, { code: 'A'.repeat(PATTERN_INPUT_MAX + 1) }, { locale: 'zh-TW' })[0]!.message).toBe('內容過長（超過10000個字元），無法校驗格式');
    // a short wrong value still gets the author's message
    expect(validateRecord(model, { code: 'a' })).toEqual([{ field: 'code', message: '物料编码格式不对' }]);
  });
});
