/**
 * npm run schema:check — validates every descriptor in schemas/ and schemas/menu.json against
 * their meta-schemas and the compiler. Prints `file:path: message` per problem; exits 1 when
 * any is an error. Ids must be unique per kind. A text without its zh-TW or en translation is
 * a warning, an error with `--require-translations` (the unit tests hold the demo schemas to it);
 * dictionaries and data interfaces the seed data lacks are warned about (schema-seed-refs.ts).
 * `--locale en` (or zh-TW) changes the language of messages.
 */
import { formatProblem } from '../src/runtime/compile';
import { isLocale } from '../src/runtime/i18n';
import type { CompileProblem } from '../src/runtime/model/compiled';
import { checkDescriptor, checkMenu, loadDescriptors } from './schema-lib';
import { unseededSources } from './schema-seed-refs';

const localeArg = process.argv[process.argv.indexOf('--locale') + 1];
const locale = process.argv.includes('--locale') && isLocale(localeArg) ? localeArg : 'zh-CN';
const translations = process.argv.includes('--require-translations') ? 'error' : 'warn';

const all: CompileProblem[] = [];
const ids = new Map<string, string>();
const loaded = loadDescriptors();
for (const descriptor of loaded) {
  const { model, problems } = checkDescriptor(descriptor, { locale, translations });
  all.push(...problems);
  if (model) all.push(...unseededSources(descriptor.file, descriptor.kind, model, locale));
  const id = (descriptor.json as { id?: unknown } | undefined)?.id;
  if (typeof id === 'string') {
    const key = `${descriptor.kind}:${id}`;
    if (ids.has(key)) all.push({ file: descriptor.file, path: 'id', message: `duplicate id ${id} (also in ${ids.get(key)})`, severity: 'error', code: 'compile.duplicateId' });
    else ids.set(key, descriptor.file);
  }
}
all.push(...checkMenu(undefined, { locale, translations }));
for (const problem of all) console.log(formatProblem(problem));
const errors = all.filter((p) => p.severity === 'error').length;
console.log(`${loaded.length} descriptor(s) and the menu, ${errors} error(s), ${all.length - errors} warning(s)`);
process.exit(errors ? 1 : 0);
