import '@mantine/tiptap/styles.css';
import { Badge, Button, CloseButton, FileButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/i18n';
import { saveDraft, sendMail, uploadAttachment, type ComposeForm, type MailAttachment } from '../../app/api/mail';

export interface ComposeStart extends ComposeForm {
  /** Set when the form edits a draft: saving replaces it, sending removes it. */
  draftId?: string;
}

export const EMPTY_COMPOSE: ComposeStart = { to: '', cc: '', subject: '', html: '', attachments: [] };

/**
 * 写邮件: recipients, subject, a rich-text body (Mantine's tiptap editor) and attachments sent
 * through the upload API. Used for a new mail, a draft, a reply and a forward.
 */
export function MailComposer({ start, onClose }: { start: ComposeStart | null; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [to, setTo] = useState('');
  const [cc, setCc] = useState('');
  const [subject, setSubject] = useState('');
  const [attachments, setAttachments] = useState<MailAttachment[]>([]);
  const [busy, setBusy] = useState<'send' | 'draft' | 'upload' | null>(null);
  const [draftId, setDraftId] = useState<string | undefined>();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: '',
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { 'aria-label': t('mailbox.body'), role: 'textbox', 'aria-multiline': 'true', 'data-testid': 'mail-compose-body' } },
  });
  useEffect(() => {
    if (!start) return;
    setTo(start.to);
    setCc(start.cc);
    setSubject(start.subject);
    setAttachments(start.attachments);
    setDraftId(start.draftId);
    editor?.commands.setContent(start.html, { emitUpdate: false });
  }, [start, editor]);

  const form = (): ComposeForm => ({ to, cc, subject, html: editor && !editor.isEmpty ? editor.getHTML() : '', attachments, inReplyTo: start?.inReplyTo });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['mail', 'list'] });
  const send = async () => {
    setBusy('send');
    try {
      await sendMail(form(), draftId);
      notifications.show({ color: 'green', message: t('mailbox.sent') });
      await refresh();
      onClose();
    } catch {
      // the client showed the server's reason (address, attachment, SMTP failure)
    } finally {
      setBusy(null);
    }
  };
  const keepDraft = async () => {
    setBusy('draft');
    try {
      const { id } = await saveDraft(form(), draftId);
      setDraftId(id);
      notifications.show({ color: 'green', message: t('mailbox.draftSaved') });
      await refresh();
    } catch {
      // shown by the client
    } finally {
      setBusy(null);
    }
  };
  const attach = async (files: File[]) => {
    setBusy('upload');
    try {
      for (const file of files) {
        const added = await uploadAttachment(file);
        setAttachments((list) => [...list, added]);
      }
    } catch {
      // shown by the client
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal opened={start !== null} onClose={onClose} title={t('mailbox.compose')} closeButtonProps={{ 'aria-label': t('mailbox.close') }} size="xl" closeOnClickOutside={false}>
      <Stack gap="xs" data-testid="mail-composer">
        <TextInput label={t('mailbox.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} data-testid="mail-compose-to" />
        <TextInput label={t('mailbox.cc')} value={cc} onChange={(e) => setCc(e.currentTarget.value)} data-testid="mail-compose-cc" />
        <TextInput label={t('mailbox.subject')} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} data-testid="mail-compose-subject" />
        <RichTextEditor editor={editor}>
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
              <RichTextEditor.Link />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
          <RichTextEditor.Content mih={200} />
        </RichTextEditor>
        <Group gap="xs" data-testid="mail-compose-attachments">
          <FileButton multiple onChange={(files) => void attach(files)}>
            {(props) => <Button {...props} size="xs" variant="default" loading={busy === 'upload'} data-testid="mail-compose-attach">{t('mailbox.addAttachment')}</Button>}
          </FileButton>
          {attachments.map((a) => (
            <Badge key={a.fileId} variant="light" rightSection={<CloseButton size="xs" aria-label={t('mailbox.delete')} onClick={() => setAttachments((list) => list.filter((x) => x.fileId !== a.fileId))} />}>
              {a.name}
            </Badge>
          ))}
          {attachments.length === 0 ? <Text size="xs" c="dimmed">{t('mailbox.attachments')}: 0</Text> : null}
        </Group>
        <Group justify="flex-end">
          <Button variant="default" disabled={busy !== null} loading={busy === 'draft'} onClick={() => void keepDraft()} data-testid="mail-compose-draft">{t('mailbox.saveDraft')}</Button>
          <Button disabled={busy !== null} loading={busy === 'send'} onClick={() => void send()} data-testid="mail-compose-send">{t('mailbox.send')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
