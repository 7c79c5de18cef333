/**
 * npm run schema:diff -- A.json B.json — explains what changed between two versions of a
 * model descriptor, in sentences for a QA reviewer. Lines starting with ! break data or
 * pages (field removed or retyped, newly required, column/search field left without its field).
 * `--locale en` for English. Exit code 0 always (it reports, it does not judge).
 */
import { readFileSync } from 'node:fs';
import { compileModel, diffModels, formatProblem } from '../src/runtime/compile';
import { isLocale, type Locale, translate } from '../src/runtime/i18n';

const args = process.argv.slice(2);
const localeAt = args.indexOf('--locale');
const requested = localeAt >= 0 ? args[localeAt + 1] : undefined;
const locale: Locale = isLocale(requested) ? requested : 'zh-CN';
const files = args.filter((a, i) => !a.startsWith('--') && (localeAt < 0 || i !== localeAt + 1));
if (files.length !== 2) {
  console.error('usage: npm run schema:diff -- <before.json> <after.json> [--locale zh-CN|zh-TW|en]');
  process.exit(2);
}

const compile = (file: string) => {
  const { model, problems } = compileModel(JSON.parse(readFileSync(file, 'utf8')), { file, locale });
  for (const problem of problems) if (problem.severity === 'error') console.error(formatProblem(problem));
  if (!model) {
    console.error(`${file}: cannot be compiled`);
    process.exit(2);
  }
  return model;
};

const changes = diffModels(compile(files[0]!), compile(files[1]!), locale);
if (!changes.length) console.log(translate(locale, 'diff.noChange'));
for (const change of changes) console.log(`${change.breaking ? '!' : '-'} ${change.message}`);
