import type { DataProvider } from '../../data/provider';
import type { ImportRow } from '../../../runtime/import/layout';

/**
 * The bulk import calls of a model page (spec widgets 7; server/modules/visualdev/import-routes.ts),
 * over the data provider's generic resource calls, so the dialog does no I/O of its own.
 */
export interface HeaderColumn { id: string; fullName: string; required: boolean; children?: HeaderColumn[] }
export interface ImportOutcome { resultType: number; snum: number; fnum: number; failResult: (ImportRow & { errorsInfo: string })[] }

const base = (modelId: string) => `/api/visualdev/OnlineDev/${encodeURIComponent(modelId)}`;

export function importCalls(provider: DataProvider, modelId: string) {
  const call = <T>(method: 'GET' | 'POST', path: string, data?: Record<string, unknown>) => provider.resourceCall(method, `${base(modelId)}${path}`, data) as Promise<T>;
  return {
    template: () => call<{ url: string; name: string }>('GET', '/TemplateDownload'),
    upload: async (file: File) => {
      if (!provider.resourceUpload) throw new Error('uploads are not available here');
      return (await provider.resourceUpload(`${base(modelId)}/Uploader`, file, file.name)) as { name: string };
    },
    preview: (fileName: string) => call<{ headerRow: HeaderColumn[]; dataRow: ImportRow[] }>('GET', '/ImportPreview', { fileName }),
    importData: (list: ImportRow[]) => call<ImportOutcome>('POST', '/ImportData', { list }),
    failedRows: (list: ImportOutcome['failResult']) => call<{ url: string }>('POST', '/ImportExceptionData', { list }),
  };
}

/** Opens a one-time download address (the browser saves the file). */
export function openDownload(url: string | undefined): void {
  if (url && typeof window !== 'undefined') window.open(url, '_blank', 'noopener');
}
