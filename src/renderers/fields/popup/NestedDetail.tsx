import { Loader } from '@mantine/core';
import { useAsync } from '../../data/hooks';
import type { ModelDefinition } from '../../data/provider';
import { DetailViewer } from '../../detail/DetailViewer';
import { useCompiledModel } from '../../pages/compiledModel';

/**
 * The read-only detail of a related record (spec widgets 2.5, 2.9): the other model's released
 * form, compiled here, over its record — through that model's own calls, so it opens for those
 * who may read that model (docs/DECISIONS.md). A related form inside it opens the next one.
 * Loaded lazily: the detail viewer imports the field registry, which imports this field.
 */
export default function NestedDetail({ modelId, recordId, onClose }: { modelId: string; recordId: string; onClose(): void }) {
  const definition = useAsync<ModelDefinition>((p) => p.getModelConfig(modelId), [modelId]);
  const model = useCompiledModel(definition.data);
  if (definition.loading) return <Loader size="xs" />;
  if (!model) return null;
  const granted = definition.data?.granted;
  const permissions = granted && !granted.all ? { modelId, column: granted.column.map((enCode) => ({ enCode })), form: granted.form.map((enCode) => ({ enCode })), button: granted.button.map((enCode) => ({ enCode })) } : null;
  return <DetailViewer model={model} permissions={permissions} recordId={recordId} onClose={onClose} />;
}
