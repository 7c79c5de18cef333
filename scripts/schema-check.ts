/**
 * npm run schema:check — validates every descriptor in schemas/ against its meta-schema and
 * the compiler. Prints `file:path: message` per problem; exits 1 when any is an error.
 * Ids must be unique per kind; dictionaries and data interfaces the seed data lacks are warned
 * about (schema-seed-refs.ts). `--locale en` (or zh-TW) changes the language of messages.
 */
import { formatProblem } from '../src/runtime/compile';
import { isLocale } from '../src/runtime/i18n';
import type { CompileProblem } from '../src/runtime/model/compiled';
import { checkDescriptor, loadDescriptors } from './schema-lib';
import { unseededSources } from './schema-seed-refs';

const localeArg = process.argv[process.argv.indexOf('--locale') + 1];
const locale = process.argv.includes('--locale') && isLocale(localeArg) ? localeArg : 'zh-CN';

const all: CompileProblem[] = [];
const ids = new Map<string, string>();
const loaded = loadDescriptors();
for (const descriptor of loaded) {
  const { model, problems } = checkDescriptor(descriptor, locale);
  all.push(...problems);
  if (model) all.push(...unseededSources(descriptor.file, descriptor.kind, model, locale));
  const id = (descriptor.json as { id?: unknown } | undefined)?.id;
  if (typeof id === 'string') {
    const key = `${descriptor.kind}:${id}`;
    if (ids.has(key)) all.push({ file: descriptor.file, path: 'id', message: `duplicate id ${id} (also in ${ids.get(key)})`, severity: 'error', code: 'compile.duplicateId' });
    else ids.set(key, descriptor.file);
  }
}
for (const problem of all) console.log(formatProblem(problem));
const errors = all.filter((p) => p.severity === 'error').length;
console.log(`${loaded.length} descriptor(s), ${errors} error(s), ${all.length - errors} warning(s)`);
process.exit(errors ? 1 : 0);
