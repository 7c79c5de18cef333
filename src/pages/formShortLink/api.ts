import { ApiError, http } from '../../app/api/client';
import type { RefNames } from '../../runtime/kinds';
import type { CompiledForm, CompiledModel, FieldError, RecordSchema } from '../../runtime/model/compiled';
import { refusalErrors } from '../../renderers/form/refusal';
import { createPartialDataProvider, type DataProvider } from '../../renderers';

/**
 * The public short-link calls (server/modules/visualdev/short-link-routes.ts). They are made
 * without a session; refusals are shown by the page itself (silent), never as a toast.
 */

export interface FormPart {
  fullName: string;
  form: CompiledForm;
  recordSchema: RecordSchema;
  allowView: boolean;
}

export interface Submission {
  fullName: string;
  form: CompiledForm;
  recordSchema: RecordSchema;
  /** JSON text of the record's stored values. */
  data: string;
  /** Names of the records its values reference. */
  refs?: RefNames;
}

const base = (code: string) => `/api/visualdev/ShortLink/Open/${encodeURIComponent(code)}`;
const quiet = { silent: true } as const;

export const shortLinkApi = {
  /** The form; with a password it goes in the body, never in the URL. */
  open: (code: string, password?: string) => (password ? http.post<FormPart>(`${base(code)}/Form`, { password }, quiet) : http.get<FormPart>(base(code), null, quiet)),
  submit: (code: string, data: Record<string, unknown>, password?: string) =>
    http.post<{ receipt: string | null }>(base(code), password ? { data, password } : { data }, quiet),
  receipt: (code: string, receipt: string) => http.get<Submission>(`${base(code)}/Receipt/${encodeURIComponent(receipt)}`, null, quiet),
};

/** What a refusal says: its message, whether it asks for the password, and field messages (shown by the form as in every model form). */
export function refusalOf(error: unknown): { message: string; needPassword: boolean; invalidLink: boolean; fieldErrors: FieldError[] } {
  if (!(error instanceof ApiError)) return { message: String((error as Error)?.message ?? error), needPassword: false, invalidLink: false, fieldErrors: [] };
  const data = (error.data ?? {}) as { needPassword?: boolean };
  return { message: error.msg, needPassword: data.needPassword === true, invalidLink: error.code === 404, fieldErrors: refusalErrors(error) };
}

/**
 * The form part as a compiled model the renderers draw: no list, no detail settings and no
 * permission judging (the link publishes its whole form; the server composes the record the same way).
 */
export function modelOfForm(part: { fullName: string; form: CompiledForm; recordSchema: RecordSchema }): CompiledModel {
  return {
    id: 'shortLink',
    fullName: part.fullName,
    enCode: '',
    form: part.form,
    recordSchema: part.recordSchema,
    list: {
      type: 1, columns: [], searchFields: [], keywordFields: [], buttons: [], rowButtons: [], hasPage: false, pageSize: 20,
      defaultSort: { field: null, order: 'desc' }, groupField: null, tree: null,
    },
    detail: { popupType: 'general', generalWidth: '600px', fullScreenWidth: '100%', drawerWidth: '600px', hasPrintBtn: false, printId: [], printButtonText: '' },
    permissionCodes: { button: [], column: [], form: [] },
    usePermission: { button: false, column: false, form: false, data: false },
  };
}

/**
 * The renderers' data provider for someone without a session: dictionaries and data
 * interfaces need a signed-in caller, so their options are empty (static options still show);
 * anything else a form field might reach for throws, naming the method.
 */
export const anonymousDataProvider: DataProvider = createPartialDataProvider({
  dictionary: async () => [],
  dataInterface: async () => [],
});
