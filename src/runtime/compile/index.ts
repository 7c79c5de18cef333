export { compileModel, type CompileOptions, type CompileResult } from './model';
export { compileDictionaryPage, compilePortalPage, compileReportPage } from './pages';
export { diffModels, type ModelChange } from './diff';
export { normaliseForSnapshot, stableStringify } from './snapshot';
export { formatProblem } from './context';
export { parseRegex } from './regex';
export { visibleOnPc } from './field';
export { resolveProp } from './list';
export { isRecordRequired } from './record-schema';
