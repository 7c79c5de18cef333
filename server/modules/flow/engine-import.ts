import { refuse } from '../../http/errors';
import type { RawFlowNode } from '../../../src/runtime/flow';
import { corpusFlow } from '../../../src/runtime/flow/corpus-flows';

/**
 * Reading an uploaded flow template (the engine administration's import). Two shapes:
 * - the template itself: the start node object (F_FlowTemplateJson as the corpus files hold it);
 * - the product's export of a flow_engine row: an object with F_FlowTemplateJson (JSON text or an
 *   object; flowTemplateJson too) beside F_FullName, F_EnCode, F_Category, F_Description (or the
 *   camel-case names).
 * The code comes from the file (its F_EnCode, else the file name: leaveApply.flow.json →
 * leaveApply), the name from the file, else from the product's own flows (corpus-flows.ts), else
 * the code. Anything else is refused with what was expected.
 */
export interface ImportedFlow {
  template: unknown;
  enCode: string;
  fullName: string;
  category: string | null;
  description: string | null;
}

const CODE = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** A code from a file name: letters, digits, _ . -, starting with a letter; 'flow' when none is left. */
export function codeFromFileName(name: string): string {
  const base = name.replace(/^.*[\\/]/, '').replace(/\.json$/i, '').replace(/\.flow$/i, '').replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^[^A-Za-z]+/, '');
  return (base || 'flow').slice(0, 44);
}

export function readFlowFile(bytes: Buffer, fileName: string): ImportedFlow {
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    throw refuse('flowAdmin.importNotJson', { detail: (error as Error).message });
  }
  if (!isObject(raw)) throw refuse('flowAdmin.importNotFlow');
  let template: unknown = raw;
  let meta: Record<string, unknown> = {};
  const exported = raw.F_FlowTemplateJson ?? raw.flowTemplateJson;
  if (exported !== undefined) {
    meta = raw;
    try {
      template = typeof exported === 'string' ? (JSON.parse(exported) as unknown) : exported;
    } catch (error) {
      throw refuse('flowAdmin.importNotJson', { detail: (error as Error).message });
    }
  }
  if (!isObject(template) || typeof template.type !== 'string' || !('nodeId' in template)) throw refuse('flowAdmin.importNotFlow');
  const code = text(meta.F_EnCode ?? meta.enCode);
  const enCode = code && CODE.test(code) ? code.slice(0, 44) : codeFromFileName(fileName);
  return {
    template: template as unknown as RawFlowNode,
    enCode,
    fullName: (text(meta.F_FullName ?? meta.fullName) ?? corpusFlow(enCode)?.fullName ?? enCode).slice(0, 50),
    category: (text(meta.F_Category ?? meta.category) ?? corpusFlow(enCode)?.category ?? null)?.slice(0, 50) ?? null,
    description: text(meta.F_Description ?? meta.description)?.slice(0, 500) ?? null,
  };
}
