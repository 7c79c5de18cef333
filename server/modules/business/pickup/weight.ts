import { refuse } from '../../../http/errors';
import { parseTonnes } from '../../../../src/runtime/weight';

/** A weight given as `kg` (integer) or `tonnes` (text or number): kilograms > 0, or refused. */
export function weightOf(given: { kg?: unknown; tonnes?: unknown }): number {
  const kg = given.kg !== undefined && given.kg !== null && given.kg !== '' ? (Number.isSafeInteger(Number(given.kg)) ? Number(given.kg) : null) : parseTonnes(given.tonnes);
  if (kg === null || kg <= 0) throw refuse('pickup.badWeight');
  return kg;
}
