import type { Db } from '../../../db';
import { refuse } from '../../../http/errors';
import { translationsColumn } from '../../../http/translations';
import { PAPER_SIZES } from '../../../../src/runtime/print-template';
import { checkCategory } from '../bill-rule/validation';
import { checkTemplateHtml } from './sanitize';

/** Letters, digits, dots, underscores and hyphens, as the numbering rules' codes. */
export const PRINT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const blank = (v: unknown) => v === undefined || v === null || (typeof v !== 'object' && String(v).trim() === '');
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : null);

function marginsOf(value: unknown): [number, number, number, number] {
  if (blank(value)) return [10, 10, 10, 10];
  if (!Array.isArray(value) || value.length !== 4 || !value.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 100)) {
    throw refuse('printDev.marginsInvalid');
  }
  return value as [number, number, number, number];
}

/** The editor's fields (in the order it shows them) as row values; the first bad one is refused. */
export function validateTemplate(input: Record<string, unknown>) {
  if (blank(input.fullName)) throw refuse('printDev.nameRequired');
  const fullName = text(input.fullName);
  if (fullName === null) throw refuse('printDev.nameRequired');
  if (fullName.length > 50) throw refuse('printDev.nameTooLong');
  const fullNameI18n = translationsColumn(input.fullName_i18n);

  if (blank(input.enCode)) throw refuse('printDev.codeRequired');
  const enCode = text(input.enCode);
  if (enCode === null || enCode.length > 50) throw refuse('printDev.codeTooLong');
  if (!PRINT_CODE_PATTERN.test(enCode)) throw refuse('printDev.codePattern');

  if (blank(input.category)) throw refuse('printDev.categoryRequired');
  const category = text(input.category);
  if (category === null) throw refuse('printDev.categoryRequired');

  const type = blank(input.type) ? 2 : Number(input.type);
  if (type !== 1 && type !== 2) throw refuse('printDev.typeInvalid');

  if (blank(input.formId)) throw refuse('printDev.formRequired');
  const formId = text(input.formId);
  if (formId === null) throw refuse('printDev.formRequired');

  if (typeof input.templateHtml !== 'string' || !input.templateHtml.trim()) throw refuse('printDev.htmlRequired');
  const templateHtml = checkTemplateHtml(input.templateHtml);

  const paperSize = blank(input.paperSize) ? 'A4' : text(input.paperSize);
  if (!paperSize || !(PAPER_SIZES as readonly string[]).includes(paperSize)) throw refuse('printDev.paperInvalid', { sizes: PAPER_SIZES.join('、') });
  const orientation = blank(input.orientation) ? 'portrait' : text(input.orientation);
  if (orientation !== 'portrait' && orientation !== 'landscape') throw refuse('printDev.orientationInvalid');
  const margins = JSON.stringify(marginsOf(input.margins));

  const sortCode = blank(input.sortCode) ? 0 : Number(input.sortCode);
  if (!Number.isInteger(sortCode) || sortCode < 0 || sortCode > 999999) throw refuse('dictionary.sortRange');
  const enabledMark = blank(input.enabledMark) ? 1 : Number(input.enabledMark);
  if (enabledMark !== 0 && enabledMark !== 1) throw refuse('dictionary.statusInvalid');
  if (!blank(input.description) && typeof input.description !== 'string') throw refuse('printDev.descriptionInvalid');
  const description = blank(input.description) ? null : String(input.description).slice(0, 500);
  return { fullName, fullNameI18n, enCode, category, type, formId, templateHtml, paperSize, orientation, margins, sortCode, enabledMark, description };
}

export type TemplateInput = ReturnType<typeof validateTemplate>;

/** The category is a businessType entry (as the numbering rules'); the model exists and is released. */
export async function checkReferences(db: Db, input: TemplateInput): Promise<void> {
  await checkCategory(db, input.category).catch(() => {
    throw refuse('printDev.categoryNotFound');
  });
  const model = await db.selectFrom('baseVisualdev').select(['id', 'state']).where('id', '=', input.formId).executeTakeFirst();
  if (!model) throw refuse('printDev.formNotFound');
  if (Number(model.state) !== 1) throw refuse('printDev.formNotReleased');
}
