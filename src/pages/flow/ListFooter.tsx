import { Loader, Pagination, Text } from '@mantine/core';
import { useT } from '../../app/i18n';

/** Under a flow list: loading, empty, or the pages when there are more than one. */
export function ListFooter({ loading, total, pageSize, page, onPage }: { loading: boolean; total: number; pageSize: number; page: number; onPage: (page: number) => void }) {
  const t = useT();
  return (
    <>
      {loading ? <Loader size="sm" mt="sm" /> : null}
      {!loading && total === 0 ? <Text c="dimmed" mt="sm">{t('flowLaunch.empty')}</Text> : null}
      {total > pageSize ? <Pagination mt="sm" total={Math.ceil(total / pageSize)} value={page} onChange={onPage} /> : null}
    </>
  );
}
