import { Box, Code, Loader, Modal, Tabs, Text } from '@mantine/core';
import { useAsync } from '../../data/hooks';
import { useRT } from '../../i18n';
import type { ResourceDialogProps } from './types';

interface GeneratedFile { fileName: string; content: string }

/** The generated files of a model (its descriptor, menu line, README), one tab each, read-only. */
export function VisualdevCodePreview({ row, onClose }: ResourceDialogProps) {
  const t = useRT();
  const id = String(row.id);
  const files = useAsync((p) => p.resourceCall('POST', `/api/visualdev/Generater/${encodeURIComponent(id)}/Actions/CodePreview`) as Promise<{ list: GeneratedFile[] }>, [id]);
  const list = files.data?.list ?? [];
  return (
    <Modal opened onClose={onClose} size="xl" title={t('onlineDev.codePreviewTitle', { name: String(row.fullName ?? '') })}>
      <div data-dialog="visualdevCodePreview">
        {files.loading ? <Loader size="sm" /> : list.length === 0 ? <Text size="sm" c="dimmed">{t('onlineDev.codePreviewEmpty')}</Text> : (
          <Tabs defaultValue={list[0]!.fileName} keepMounted={false}>
            <Tabs.List>
              {list.map((f) => <Tabs.Tab key={f.fileName} value={f.fileName}>{f.fileName}</Tabs.Tab>)}
            </Tabs.List>
            {list.map((f) => (
              <Tabs.Panel key={f.fileName} value={f.fileName} pt="xs">
                {/* a scrolled region the keyboard can reach and scroll (axe: scrollable-region-focusable) */}
                <Box tabIndex={0} role="region" aria-label={f.fileName} style={{ maxHeight: 420, overflow: 'auto' }}>
                  <Code block>{f.content}</Code>
                </Box>
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </div>
    </Modal>
  );
}
