import type { Db } from '../../db';
import { refuse } from '../../http/errors';
import type { Locale } from '../../../src/runtime/i18n';
import { recordValidator } from '../visualdev/compiler';
import { releasedModel } from '../visualdev/model-store';
import { recomputeCalculations } from '../../../src/runtime/calculate-record';

/**
 * The form's own validation before a flow starts (issue 16 item 2, docs/FLOWS.md "Flow
 * definitions"): an engine bound to a model checks the form values with that model's compiled
 * validation, as a record save does, and refuses with the same field errors
 * (visualdev.recordInvalid, data.errors); its calculated fields are computed into the values, as
 * a record save does (the client's number is never taken). An engine bound to no model fills the template's own
 * field list (formFieldsOf), plain text, which has nothing to check.
 */
export async function checkLaunchForm(db: Db, engineId: string, formData: Record<string, unknown>, locale: Locale): Promise<void> {
  const engine = await db.selectFrom('flowEngine').select('modelId').where('id', '=', engineId).executeTakeFirst();
  if (!engine?.modelId) return;
  const model = await releasedModel(db, engine.modelId, locale);
  // in place: the launch writes these very values
  Object.assign(formData, recomputeCalculations(model, formData));
  const errors = recordValidator(locale).validate(model, formData, 'create');
  if (errors.length) throw refuse('visualdev.recordInvalid', { detail: errors.map((e) => e.message).join('；') }, { errors });
}
