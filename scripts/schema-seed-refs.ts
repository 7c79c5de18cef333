/**
 * Pages name dictionaries and data interfaces by id or enCode: option sources of fields, the
 * left tree of a list, dictionary pages, reports and portal cards. A name the seed data lacks
 * has nothing behind it on a new installation (a field shows no options, a report no rows), so
 * schema:check warns about it. The seed data is server/modules/dictionary/seed.ts and
 * server/modules/data-interface/seed.ts.
 */
import { DEMO_INTERFACES } from '../server/modules/data-interface/seed';
import { DEMO_DICTIONARIES } from '../server/modules/dictionary/seed';
import { translate, type Locale } from '../src/runtime/i18n';
import type { CompiledField, CompiledModel, CompileProblem } from '../src/runtime/model/compiled';
import type { CompiledDictionaryPage, CompiledPortalPage, CompiledReportPage } from '../src/runtime/model/pages';
import type { DescriptorKind } from '../src/schemas';

export interface SourceRef {
  source: 'dictionary' | 'dataInterface';
  id: string;
  /** Where the descriptor names it (a field key, or the JSON path of a page's key). */
  path: string;
}

function fieldRefs(fields: CompiledField[]): SourceRef[] {
  return fields.flatMap((f) => [
    ...(f.options?.from === 'dictionary' ? [{ source: 'dictionary' as const, id: f.options.dictionaryType, path: f.key }] : []),
    ...(f.options?.from === 'dataInterface' ? [{ source: 'dataInterface' as const, id: f.options.interfaceId, path: f.key }] : []),
    ...fieldRefs(f.columns ?? []),
  ]);
}

/** The dictionaries and data interfaces a compiled page names. */
export function sourceRefs(kind: DescriptorKind, compiled: unknown): SourceRef[] {
  switch (kind) {
    case 'model': {
      const model = compiled as CompiledModel;
      const tree = model.list.tree?.dictionary;
      return [...fieldRefs(Object.values(model.form.fields)), ...(tree ? [{ source: 'dictionary' as const, id: tree, path: 'columnData.treeDictionary' }] : [])];
    }
    case 'dictionary':
      return [{ source: 'dictionary', id: (compiled as CompiledDictionaryPage).dictionaryType, path: 'dictionaryType' }];
    case 'report':
      return [{ source: 'dataInterface', id: (compiled as CompiledReportPage).interfaceId, path: 'interfaceId' }];
    case 'portal':
      return (compiled as CompiledPortalPage).cards.flatMap((c, i) => (c.interfaceId ? [{ source: 'dataInterface' as const, id: c.interfaceId, path: `cards[${i}].interfaceId` }] : []));
    // an admin page's options come from its REST resource and the shared dictionaries its form names (checked when its model part compiles)
    case 'resource':
      return [];
  }
}

/** What the seed data holds, by enCode (its ids are made at seeding, so descriptors can only name codes). */
export const SEEDED = {
  dictionary: new Set<string>(DEMO_DICTIONARIES.map((d) => d.enCode)),
  dataInterface: new Set<string>(DEMO_INTERFACES.map((i) => i.enCode)),
};

/** A warning for each name the seed data lacks. */
export function unseededSources(file: string, kind: DescriptorKind, compiled: unknown, locale: Locale, seeded = SEEDED): CompileProblem[] {
  return sourceRefs(kind, compiled)
    .filter((ref) => ref.id && !seeded[ref.source].has(ref.id))
    .map((ref) => {
      const code = ref.source === 'dictionary' ? 'compile.unseededDictionary' : 'compile.unseededInterface';
      return { file, path: ref.path, message: translate(locale, code, { id: ref.id }), severity: 'warning', code };
    });
}
