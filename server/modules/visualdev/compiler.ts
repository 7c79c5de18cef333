import type { CompiledModel, CompileProblem, RecordValidator } from '../../../src/runtime/model/compiled';
import { interimCompile, interimValidator } from './interim-compiler';

/**
 * The descriptor of a model, as stored in base_visualdev or written in schemas/models/*.json.
 * formData and columnData are the exported JSON (objects, or JSON text as the designer stores them).
 */
export interface ModelDescriptor {
  id?: string;
  fullName: string;
  enCode: string;
  category?: string | null;
  type?: number;
  webType?: number;
  sortCode?: number;
  description?: string | null;
  formData: unknown;
  columnData?: unknown;
  tables?: unknown;
}

export interface CompileOutcome {
  model: CompiledModel | null;
  problems: CompileProblem[];
}

/**
 * The one place the visualdev module reaches the compiler and the validator: the browser
 * uses the same pair (src/runtime/compile, src/runtime/validation).
 */
export function compileDescriptor(descriptor: ModelDescriptor, file: string): CompileOutcome {
  return interimCompile(descriptor, file);
}

export const recordValidator: RecordValidator = interimValidator;

export const errorsOf = (problems: CompileProblem[]) => problems.filter((p) => p.severity === 'error');

export const describeProblems = (problems: CompileProblem[]) => problems.map((p) => `${p.file}/${p.path}: ${p.message}`).join('; ');
