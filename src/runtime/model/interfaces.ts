import type { CompiledField, CompiledModel } from './compiled';
import type { CompiledPortalPage, CompiledReportPage } from './pages';

/**
 * The data interfaces a compiled page runs (by id or enCode, as written in the descriptor):
 * the grant of a menu entry opening the page lets its users run these, and nothing else
 * (server/modules/data-interface/run-access.ts). Derived from the compiled page once, when it
 * is compiled, never per request.
 */
export function interfacesOfModel(model: CompiledModel): Set<string> {
  const refs = new Set<string>();
  const visit = (field: CompiledField) => {
    if (field.options?.from === 'dataInterface' && field.options.interfaceId) refs.add(field.options.interfaceId);
    // Popup selects and auto-complete name their interface in props (JNPF `interfaceId`).
    const own = field.props.interfaceId;
    if (typeof own === 'string' && own) refs.add(own);
    for (const column of field.columns ?? []) visit(column);
  };
  for (const field of Object.values(model.form.fields)) visit(field);
  return refs;
}

export function interfacesOfReport(page: CompiledReportPage): Set<string> {
  return new Set(page.interfaceId ? [page.interfaceId] : []);
}

export function interfacesOfPortal(page: CompiledPortalPage): Set<string> {
  return new Set(page.cards.map((c) => c.interfaceId).filter((id): id is string => Boolean(id)));
}
