import { useContext, useMemo } from 'react';
import { compileModel } from '../../runtime/compile';
import type { Locale } from '../../runtime/i18n';
import type { CompiledModel } from '../../runtime/model/compiled';
import type { Granted, ModelDefinition } from '../data/provider';
import { LocaleContext } from '../i18n';

export type PageModel = CompiledModel & { granted?: Granted };

/** Compiles a model's definition in the page's language; null when it cannot be read (the server compiled it at release, so this is rare). */
export function compileDefinition(definition: ModelDefinition, locale: Locale): PageModel | null {
  const { model } = compileModel(
    { id: definition.id, fullName: definition.fullName, enCode: definition.enCode, formData: definition.formData, columnData: definition.columnData ?? undefined },
    { file: `visualdev:${definition.id}`, locale },
  );
  return model ? { ...model, id: definition.id, granted: definition.granted } : null;
}

/** The compiled model of a definition, compiled again when the language changes. */
export function useCompiledModel(definition: ModelDefinition | undefined): PageModel | null {
  const locale = useContext(LocaleContext);
  return useMemo(() => (definition ? compileDefinition(definition, locale) : null), [definition, locale]);
}
