/**
 * The selection rules of the numbering-template and print-template pickers (widgets spec 2.7,
 * 2.11, 4), pure so they are tested without a browser.
 */

/** What pressing print does with the template ids a form names: nothing, print one at once, or ask. */
export type PrintStep = { kind: 'none' } | { kind: 'emit'; id: string } | { kind: 'choose'; ids: string[] };

export function printStep(ids: readonly string[]): PrintStep {
  const unique = [...new Set(ids.filter((id) => id !== ''))];
  if (unique.length === 0) return { kind: 'none' };
  if (unique.length === 1) return { kind: 'emit', id: unique[0]! };
  return { kind: 'choose', ids: unique };
}

export interface TemplateChoice {
  id: string;
  fullName: string;
}

interface SelectorCategory {
  children?: { id: string; fullName: string }[] | null;
}

/**
 * The templates a form names, in the form's order, out of the print-template selector's tree
 * (categories with templates as children). An id the selector does not answer (disabled,
 * deleted, another model's) is left out.
 */
export function namedTemplates(tree: readonly SelectorCategory[], ids: readonly string[]): TemplateChoice[] {
  const byId = new Map<string, TemplateChoice>();
  for (const category of tree) for (const t of category.children ?? []) byId.set(t.id, { id: t.id, fullName: t.fullName });
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Confirm of a single-choice picker: the chosen row's value, or null (ignored: the dialog stays open) with nothing chosen. */
export function confirmChoice<T>(chosen: T | null | undefined, valueOf: (row: T) => string): string | null {
  return chosen === null || chosen === undefined ? null : valueOf(chosen);
}
