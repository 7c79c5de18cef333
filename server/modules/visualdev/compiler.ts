import { compileModel } from '../../../src/runtime/compile';
import { isExponentiallyAmbiguous } from '../../../src/runtime/compile/regex-ambiguity';
import { useAmbiguityCheck } from '../../../src/runtime/compile/safe-regex';
import type { Locale } from '../../../src/runtime/i18n';
import type { CompiledModel, CompileProblem, RecordValidator } from '../../../src/runtime/model/compiled';
import { createRecordValidator } from '../../../src/runtime/validation';

/**
 * The descriptor of a model, as stored in base_visualdev or written in schemas/models/*.json.
 * formData and columnData are the exported JSON (objects, or JSON text as the designer stores them).
 */
// The server decides what compiles: descriptor patterns are judged for ambiguity too (safe-regex.ts).
useAmbiguityCheck(isExponentiallyAmbiguous);

export interface ModelDescriptor {
  id?: string;
  fullName: string;
  /** The model's name in other languages ({ "zh-TW", "en" }). */
  fullName_i18n?: unknown;
  enCode: string;
  category?: string | null;
  type?: number;
  sortCode?: number;
  description?: string | null;
  formData: unknown;
  columnData?: unknown;
}

export interface CompileOutcome {
  model: CompiledModel | null;
  problems: CompileProblem[];
}

/**
 * The one place the visualdev module reaches the compiler and the validator: the browser
 * uses the same pair (src/runtime/compile, src/runtime/validation), so a record is judged by
 * the same JSON Schema and the same messages on both sides. Files under schemas/ compile
 * strictly (an unknown top-level key is an error); designer rows leniently.
 */
export function compileDescriptor(descriptor: ModelDescriptor, file: string, options: { strict?: boolean; locale?: Locale } = {}): CompileOutcome {
  const clean: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(descriptor)) if (v !== undefined && v !== null) clean[k] = v;
  return compileModel(clean, { file, strict: options.strict ?? false, locale: options.locale });
}

const validators = new Map<string, RecordValidator>();

/** The shared record validator answering in the caller's language. */
export function recordValidator(locale: Locale): RecordValidator {
  let v = validators.get(locale);
  if (!v) validators.set(locale, (v = createRecordValidator({ locale })));
  return v;
}

export const errorsOf = (problems: CompileProblem[]) => problems.filter((p) => p.severity === 'error');

export const describeProblems = (problems: CompileProblem[]) => problems.map((p) => `${p.file}/${p.path}: ${p.message}`).join('; ');
