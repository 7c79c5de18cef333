import { translate, type Locale, type MessageKey, type MessageParams } from '../i18n';
import type { CompileProblem } from '../model/compiled';

/** What one compilation carries along: the file name, the problems so far, the locale of their text. */
export class CompileContext {
  readonly problems: CompileProblem[] = [];
  constructor(
    readonly file: string,
    readonly locale: Locale = 'zh-CN',
  ) {}

  report(path: string, severity: CompileProblem['severity'], code: MessageKey, params?: MessageParams): void {
    this.problems.push({ file: this.file, path: path || '(root)', message: translate(this.locale, code, params), severity, code });
  }

  error(path: string, code: MessageKey, params?: MessageParams): void {
    this.report(path, 'error', code, params);
  }

  warn(path: string, code: MessageKey, params?: MessageParams): void {
    this.report(path, 'warning', code, params);
  }

  get hasErrors(): boolean {
    return this.problems.some((p) => p.severity === 'error');
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Formats a problem the way the tools print it: `file:path: message`. */
export function formatProblem(problem: CompileProblem): string {
  return `${problem.file}:${problem.path}: ${problem.severity === 'warning' ? 'warning: ' : ''}${problem.message}`;
}
