import '@mantine/tiptap/styles.css';
import './print-dev.css';
import { Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { useT } from '../../../app/i18n';
import type { PageProps } from '../../../app/router/pages';
import { openWindow, useGo } from '../../../app/router/navigation';
import { useDiscardGuard } from '../../../renderers/form/useDiscardGuard';
import { copyTemplate, createTemplate, exportTemplate, getTemplate, modelFields, updateTemplate, type PrintField, type PrintTable, type TemplateValues } from './api';
import { PrintCode, PrintImage, PrintPageBreak, PrintRows, printTableExtensions } from './extensions';
import { InsertMenu } from './InsertMenu';
import { TableControls } from './TableControls';
import { PreviewDialog } from './PreviewDialog';
import { TemplateSettings } from './TemplateSettings';

type Settings = Omit<TemplateValues, 'templateHtml'>;
const LIST = '/system/printDev';
const EMPTY: Settings = { fullName: '', enCode: '', category: '', type: 2, formId: '', paperSize: 'A4', orientation: 'portrait', margins: [10, 10, 10, 10], sortCode: 0, enabledMark: 1, description: '' };
const snapshot = (settings: Settings, html: string) => JSON.stringify([settings, html]);

/**
 * The print-template editor (打印模板, spec 7.14), reached from the list's 新增 / 编辑. Hand-written
 * (docs/ARCHITECTURE.md): a rich-text body whose toolbar inserts the chosen model's field
 * placeholders, sub-table row blocks, codes and page breaks is no descriptor form. The server
 * checks the HTML on save; the preview fills it with the renderer the server prints with.
 */
export default function PrintDevEditorPage({ title }: PageProps) {
  const t = useT();
  const go = useGo();
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const [settings, setSettings] = useState<Settings>(EMPTY);
  const [loaded, setLoaded] = useState(!id);
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState(false);
  const [fields, setFields] = useState<{ fields: PrintField[]; tables: PrintTable[] }>({ fields: [], tables: [] });
  const baseline = useRef(snapshot(EMPTY, ''));
  const labels = useMemo(
    () => ({ rows: (table: string) => t('printDev.rowsBlock', { table }), barcode: (field: string) => t('printDev.barcodeOf', { field }), qrcode: (field: string) => t('printDev.qrcodeOf', { field }), pageBreak: t('printDev.pageBreak') }),
    [t],
  );
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } }), PrintRows.configure({ labels }), PrintCode.configure({ labels }), PrintImage, PrintPageBreak.configure({ labels }), ...printTableExtensions],
    content: '',
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { 'aria-label': t('printDev.content'), 'aria-multiline': 'true', role: 'textbox', 'data-print-editor': '' } },
  });
  const html = () => (editor && !editor.isEmpty ? editor.getHTML() : '');

  useEffect(() => {
    if (!id || !editor) return;
    let live = true;
    void getTemplate(id).then(
      (row) => {
        if (!live) return;
        const next: Settings = { fullName: row.fullName, enCode: row.enCode, category: row.category, type: row.type, formId: row.formId, paperSize: row.paperSize, orientation: row.orientation, margins: row.margins, sortCode: row.sortCode, enabledMark: row.enabledMark, description: row.description ?? '' };
        setSettings(next);
        editor.commands.setContent(row.templateHtml, { emitUpdate: false });
        baseline.current = snapshot(next, html());
        setLoaded(true);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id, editor]);

  useEffect(() => {
    if (!settings.formId) return setFields({ fields: [], tables: [] });
    let live = true;
    void modelFields(settings.formId).then((f) => live && setFields(f), () => undefined);
    return () => {
      live = false;
    };
  }, [settings.formId]);

  const isDirty = useCallback(() => snapshot(settings, editor && !editor.isEmpty ? editor.getHTML() : '') !== baseline.current, [settings, editor]);
  const guard = useDiscardGuard(isDirty, () => go(LIST));
  const rteLabels = useRteLabels();

  const save = async () => {
    setSaving(true);
    try {
      const body = { ...settings, templateHtml: html() };
      if (id) await updateTemplate(id, body);
      const created = id ? null : await createTemplate(body);
      baseline.current = snapshot(settings, body.templateHtml);
      notifications.show({ message: t('printDev.saved'), color: 'green', autoClose: 1500 });
      if (created) go(`${LIST}/editor?id=${encodeURIComponent(created.id)}`, { replace: true });
    } catch {
      /* the client has shown the server's message */
    } finally {
      setSaving(false);
    }
  };
  const copy = async () => {
    const created = await copyTemplate(id).catch(() => null);
    if (!created) return;
    notifications.show({ message: t('printDev.copied'), color: 'green', autoClose: 1500 });
    go(`${LIST}/editor?id=${encodeURIComponent(created.id)}`);
  };
  const download = async () => {
    const link = await exportTemplate(id).catch(() => null);
    if (link) openWindow(link.url);
  };

  if (!loaded) return <Box p="md"><Loader size="sm" aria-label={title} /></Box>;
  return (
    <Stack p="md" gap="sm" data-print-dev-editor={id || 'new'}>
      <Group justify="space-between">
        <Title order={3}>{id ? t('printDev.editTitle') : t('printDev.newTitle')}</Title>
        <Group gap="xs">
          <Button variant="default" onClick={guard.requestClose} data-action="back">{t('printDev.back')}</Button>
          {id ? <Button variant="default" onClick={() => void copy()}>{t('printDev.copy')}</Button> : null}
          {id ? <Button variant="default" onClick={() => void download()}>{t('printDev.export')}</Button> : null}
          <Button variant="default" onClick={() => setPreview(true)} data-action="preview">{t('printDev.preview')}</Button>
          <Button onClick={() => void save()} loading={saving} data-action="save">{t('printDev.save')}</Button>
        </Group>
      </Group>
      <TemplateSettings values={settings} onChange={setSettings} />
      <Text fw={500} size="sm" id="print-dev-content-label">{t('printDev.content')}</Text>
      <InsertMenu editor={editor} fields={fields.fields} tables={fields.tables} />
      <RichTextEditor editor={editor} labels={rteLabels} className="print-dev-editor">
        <RichTextEditor.Toolbar aria-label={t('printDev.toolbar')}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold /><RichTextEditor.Italic /><RichTextEditor.Underline /><RichTextEditor.Strikethrough /><RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 /><RichTextEditor.H2 /><RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList /><RichTextEditor.OrderedList /><RichTextEditor.Blockquote /><RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link /><RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <TableControls editor={editor} />
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo /><RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      {preview ? <PreviewDialog html={html()} formId={settings.formId} page={settings} onClose={() => setPreview(false)} /> : null}
      {guard.question}
    </Stack>
  );
}

/** Mantine's control names in the user's language (they are the buttons' accessible names). */
function useRteLabels() {
  const t = useT();
  return useMemo(
    () => ({
      boldControlLabel: t('printDev.rte.bold'), italicControlLabel: t('printDev.rte.italic'), underlineControlLabel: t('printDev.rte.underline'), strikeControlLabel: t('printDev.rte.strike'),
      clearFormattingControlLabel: t('printDev.rte.clearFormatting'), h1ControlLabel: t('printDev.rte.h1'), h2ControlLabel: t('printDev.rte.h2'), h3ControlLabel: t('printDev.rte.h3'),
      bulletListControlLabel: t('printDev.rte.bulletList'), orderedListControlLabel: t('printDev.rte.orderedList'), blockquoteControlLabel: t('printDev.rte.blockquote'), hrControlLabel: t('printDev.rte.hr'),
      linkControlLabel: t('printDev.rte.link'), unlinkControlLabel: t('printDev.rte.unlink'), undoControlLabel: t('printDev.rte.undo'), redoControlLabel: t('printDev.rte.redo'),
      linkEditorInputLabel: t('printDev.rte.linkAddress'), linkEditorInputPlaceholder: 'https://', linkEditorExternalLink: t('printDev.rte.linkExternal'),
      linkEditorInternalLink: t('printDev.rte.linkInternal'), linkEditorSave: t('printDev.rte.linkSave'),
    }),
    [t],
  );
}
