/**
 * Node-side loader of the descriptors under schemas/ (the runtime does no file I/O). The
 * schema tools use it, and so can the server at start: loadDescriptors() then compileDescriptor().
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { checkDescriptorShape, checkMenuFile, DESCRIPTOR_FOLDERS, type DescriptorKind } from '../src/schemas';
import { compileDictionaryPage, compileModel, compilePortalPage, compileResourcePage, compileReportPage, type CompileResult } from '../src/runtime/compile';
import type { CompileProblem } from '../src/runtime/model/compiled';
import { isExponentiallyAmbiguous } from '../src/runtime/compile/regex-ambiguity';
import { useAmbiguityCheck } from '../src/runtime/compile/safe-regex';
import type { Locale } from '../src/runtime/i18n';
import type { TranslationCheck } from '../src/runtime/compile/texts';

// schema:check refuses what the server refuses: descriptor patterns are judged for ambiguity too.
useAmbiguityCheck(isExponentiallyAmbiguous);

export const ROOT = resolve(import.meta.dirname, '..');
export const SCHEMAS_DIR = join(ROOT, 'schemas');

export interface LoadedDescriptor {
  kind: DescriptorKind;
  /** Path relative to the repository root, e.g. schemas/models/demo-model.json. */
  file: string;
  /** Parsed JSON, or undefined when the file is not valid JSON (see problems). */
  json: unknown;
  problems: CompileProblem[];
}

const KIND_BY_FOLDER = Object.fromEntries(Object.entries(DESCRIPTOR_FOLDERS).map(([kind, folder]) => [folder, kind])) as Record<string, DescriptorKind>;

/** Reads every *.json under schemas/<models|dictionaries|reports|portals>/. */
export function loadDescriptors(dir: string = SCHEMAS_DIR): LoadedDescriptor[] {
  const out: LoadedDescriptor[] = [];
  for (const folder of Object.keys(KIND_BY_FOLDER).sort()) {
    const path = join(dir, folder);
    let names: string[];
    try {
      names = readdirSync(path).filter((n) => n.endsWith('.json')).sort();
    } catch {
      continue;
    }
    for (const name of names) out.push(loadDescriptorFile(join(path, name), KIND_BY_FOLDER[folder]!));
  }
  return out;
}

export function kindOfPath(path: string): DescriptorKind | null {
  const parts = resolve(path).split(/[\\/]/);
  return KIND_BY_FOLDER[parts[parts.length - 2] ?? ''] ?? null;
}

export function loadDescriptorFile(path: string, kind: DescriptorKind): LoadedDescriptor {
  const file = relative(ROOT, resolve(path)) || path;
  try {
    if (!statSync(path).isFile()) throw new Error('not a file');
    return { kind, file, json: JSON.parse(readFileSync(path, 'utf8')), problems: [] };
  } catch (error) {
    return { kind, file, json: undefined, problems: [{ file, path: '(root)', message: (error as Error).message, severity: 'error', code: 'compile.invalidJson' }] };
  }
}

export interface CheckOptions {
  /** Language of the compiled texts and the messages (zh-CN). */
  locale?: Locale;
  /** Texts without a zh-TW or en translation (warn: schema:check; error: --require-translations and the tests). */
  translations?: TranslationCheck;
}

/** Compiles one loaded descriptor with its kind's compiler (strict: unknown top-level keys are errors). */
export function compileDescriptor(loaded: LoadedDescriptor, { locale = 'zh-CN', translations = 'ignore' }: CheckOptions = {}): CompileResult<unknown> {
  if (loaded.json === undefined) return { model: null, problems: loaded.problems };
  const options = { file: loaded.file, locale, strict: true, translations };
  switch (loaded.kind) {
    case 'model':
      return compileModel(loaded.json, options);
    case 'dictionary':
      return compileDictionaryPage(loaded.json, options);
    case 'report':
      return compileReportPage(loaded.json, options);
    case 'portal':
      return compilePortalPage(loaded.json, options);
    case 'resource':
      return compileResourcePage(loaded.json, options);
  }
}

/** Meta-schema check + compile, problems of both, duplicates (same path and message) removed. */
export function checkDescriptor(loaded: LoadedDescriptor, options: CheckOptions = {}): { model: unknown; problems: CompileProblem[] } {
  const locale = options.locale ?? 'zh-CN';
  const shape = loaded.json === undefined || loaded.kind !== 'model' ? [] : checkDescriptorShape('model', loaded.json, loaded.file, locale)
    .filter((p) => !/^[^.[]+$/.test(p.path) || p.path === '(root)' || p.path === 'formData' || p.path === 'columnData');
  const result = compileDescriptor(loaded, options);
  const seen = new Set<string>();
  const problems = [...loaded.problems, ...shape, ...result.problems].filter((p) => {
    const id = `${p.path}\u0000${p.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return { model: result.model, problems };
}

export const MENU_FILE = join(SCHEMAS_DIR, 'menu.json');

/** schemas/menu.json against its meta-schema, and its titles' translations. */
export function checkMenu(path: string = MENU_FILE, options: CheckOptions = {}): CompileProblem[] {
  const file = relative(ROOT, resolve(path)) || path;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return [{ file, path: '(root)', message: (error as Error).message, severity: 'error', code: 'compile.invalidJson' }];
  }
  return checkMenuFile(json, file, { locale: options.locale, translations: options.translations ?? 'warn' });
}
