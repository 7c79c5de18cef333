import { Alert, Box } from '@mantine/core';
import { useSearch } from 'wouter';
import { useT } from '../../app/i18n';
import type { PageProps } from '../../app/router/pages';
import { ModelPage } from '../../renderers';
import { RenderersHost, usePermissionEntryOfDescriptor } from '../dynamic/DynamicPages';

/** /previewModel?id=<model id>: a function preview of a model page (as the menu would show it). */
export default function PreviewModelPage({ title }: PageProps) {
  const t = useT();
  const params = new URLSearchParams(useSearch());
  const id = params.get('id') || params.get('modelId') || '';
  const permissions = usePermissionEntryOfDescriptor(id);
  if (!id) return <Alert m="md" color="yellow" data-testid="preview-missing">{t('preview.missing')}</Alert>;
  return (
    <RenderersHost previewMode>
      <Box p="md">
        <ModelPage moduleId={id} isTree={params.get('isTree') === '1'} menuId="" title={params.get('fullName') || title} permissions={permissions} />
      </Box>
    </RenderersHost>
  );
}
