/** Public surface of the renderers: the registry, the form, list and detail components, and the page renderers. */
export { createFieldRegistry, fieldRegistry, lookupRenderer, ALL_FIELD_KINDS } from './registry';
export type { EditProps, ViewProps, FieldRenderer, FieldRegistry } from './types';
export { RenderersProvider, type RenderersProviderProps, type Navigate } from './context';
export { createHttpDataProvider, createPartialDataProvider, useDataProvider, type DataProvider, type PermissionEntry } from './data/provider';
export { useOptions } from './data/hooks';
export { ModelForm, formTheme, type ModelFormProps, type ModelFormHandle } from './form/ModelForm';
export { ModelList, type ModelListProps } from './list/ModelList';
export { DetailViewer, DetailBody, type DetailViewerProps } from './detail/DetailViewer';
export { ModelPage } from './pages/ModelPage';
export { DictionaryPage } from './pages/DictionaryPage';
export { ReportPage } from './pages/ReportPage';
export { PortalPage } from './pages/PortalPage';
export { ResourcePage } from './pages/ResourcePage';
export { PortalScreen } from './pages/PortalScreen';
export type { PageRendererProps } from './pages/types';
export { SelectorsContext, type SelectorsHost } from './selectors/context';
export { BillRulePicker, BillRuleChooser, type BillRulePickerProps } from './selectors/BillRulePicker';
export { PrintButton } from './selectors/PrintTemplatePicker';
