import { refuse } from '../../http/errors';
import { CODE_PATTERN } from '../dictionary/validation';
import { checkedField, INTERFACE_TYPE } from './execute';
import { scanSql, sqlProblem } from './sql-text';

export interface InterfaceInput {
  categoryId?: string;
  fullName?: string;
  enCode?: string;
  type?: number;
  dataSource?: string;
  queryText?: string;
  requestMethod?: string;
  path?: string;
  requestHeaders?: unknown;
  requestParameters?: unknown;
  responseFields?: unknown;
  enabledMark?: number;
  sortCode?: number;
  description?: string;
}

const blank = (v: string | undefined | null) => v === undefined || v === null || v.trim() === '';

function jsonArray(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw refuse('dataInterface.paramsInvalid');
    }
  }
  if (!Array.isArray(v)) throw refuse('dataInterface.paramsInvalid');
  return v;
}

/** The interface form: name and code as everywhere, then what the type needs. Returns the row values. */
export function validateInterface(input: InterfaceInput) {
  if (blank(input.fullName)) throw refuse('dictionary.nameRequired');
  const fullName = input.fullName!.trim();
  if (fullName.length > 50) throw refuse('dictionary.nameTooLong');
  if (blank(input.enCode)) throw refuse('dictionary.codeRequired');
  const enCode = input.enCode!.trim();
  if (enCode.length > 50) throw refuse('dictionary.codeTooLong');
  if (!CODE_PATTERN.test(enCode)) throw refuse('dictionary.codePattern');
  const type = input.type;
  if (type !== INTERFACE_TYPE.sql && type !== INTERFACE_TYPE.static && type !== INTERFACE_TYPE.api) throw refuse('dataInterface.typeInvalid');
  const sortCode = input.sortCode ?? 0;
  if (!Number.isInteger(sortCode) || sortCode < 0 || sortCode > 999999) throw refuse('dictionary.sortRange');
  const enabledMark = input.enabledMark ?? 1;
  if (enabledMark !== 0 && enabledMark !== 1) throw refuse('dictionary.statusInvalid');

  const params = jsonArray(input.requestParameters).map((p) => {
    if (!p || typeof p !== 'object' || typeof (p as { field?: unknown }).field !== 'string') throw refuse('dataInterface.paramsInvalid');
    checkedField((p as { field: string }).field);
    return p;
  });
  const headers = jsonArray(input.requestHeaders);
  const fields = jsonArray(input.responseFields).map(String);

  let queryText: string | null = null;
  let requestMethod: string | null = null;
  let path: string | null = null;
  if (type === INTERFACE_TYPE.sql) {
    if (blank(input.queryText)) throw refuse('dataInterface.sqlRequired');
    const problem = sqlProblem(scanSql(input.queryText!));
    if (problem) throw refuse(problem.key);
    queryText = input.queryText!;
  } else if (type === INTERFACE_TYPE.static) {
    let value: unknown;
    try {
      value = JSON.parse(input.queryText ?? '');
    } catch {
      throw refuse('dataInterface.staticInvalid');
    }
    if (!Array.isArray(value)) throw refuse('dataInterface.staticInvalid');
    queryText = input.queryText!;
  } else {
    requestMethod = (input.requestMethod ?? 'GET').toUpperCase();
    if (requestMethod !== 'GET' && requestMethod !== 'POST') throw refuse('dataInterface.methodInvalid');
    if (blank(input.path) || !/^https?:\/\/[^\s]+$/i.test(input.path!.trim())) throw refuse('dataInterface.urlInvalid');
    path = input.path!.trim();
  }
  return {
    categoryId: blank(input.categoryId) ? null : input.categoryId!.trim(),
    fullName, enCode, type, sortCode, enabledMark,
    dataSource: blank(input.dataSource) ? null : input.dataSource!.trim(),
    queryText, requestMethod, path,
    requestHeaders: headers.length ? JSON.stringify(headers) : null,
    requestParameters: params.length ? JSON.stringify(params) : null,
    responseFields: fields.length ? JSON.stringify(fields) : null,
    description: blank(input.description) ? null : input.description!,
  };
}
