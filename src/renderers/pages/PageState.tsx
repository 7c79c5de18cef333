import { Alert, Group, Loader } from '@mantine/core';
import { useRT } from '../i18n';

/** Loading and failure states shared by the page renderers. */
export function PageState({ loading, error }: { loading: boolean; error: unknown }) {
  const t = useRT();
  if (loading) return <Group justify="center" p="xl"><Loader size="sm" /></Group>;
  if (error) return <Alert color="red" data-page-error>{error instanceof Error && error.message ? error.message : t('renderers.loadFailed')}</Alert>;
  return null;
}
