import type { ComponentType } from 'react';
import { DataInterfaceImport } from './DataInterfaceImport';
import { DataInterfaceLog } from './DataInterfaceLog';
import { DataInterfacePreview } from './DataInterfacePreview';
import { VisualdevCodePreview } from './VisualdevCodePreview';
import { VisualdevImport } from './VisualdevImport';
import { VisualdevPreview } from './VisualdevPreview';
import { PrintDevImport } from './PrintDevImport';
import type { ResourceDialogProps } from './types';

export type { ResourceDialogProps } from './types';

/**
 * Hand-written dialogs an admin resource descriptor may name (actions[].dialog, tools[].dialog):
 * only what descriptors cannot express — running an interface with typed values and showing an
 * arbitrary result, a log with its own paging and pruning, a file upload (docs/ARCHITECTURE.md).
 */
export const RESOURCE_DIALOGS: Record<string, ComponentType<ResourceDialogProps>> = {
  dataInterfacePreview: DataInterfacePreview,
  dataInterfaceLog: DataInterfaceLog,
  dataInterfaceImport: DataInterfaceImport,
  // online development: a definition upload, the draft's form compiled in the browser, the generated files
  visualdevImport: VisualdevImport,
  visualdevPreview: VisualdevPreview,
  visualdevCodePreview: VisualdevCodePreview,
  printDevImport: PrintDevImport,
};
