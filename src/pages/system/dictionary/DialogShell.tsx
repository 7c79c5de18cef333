import { Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useT } from '../../../app/i18n';
import { useDiscardGuard } from '../../../renderers/form/useDiscardGuard';
import { READABLE_ERRORS } from './dialogs';
import { showSaved, useDictionaryChanged } from './queries';

/**
 * Saving a category or entry dialog: the rules first (focus goes to the first refused field),
 * then the call; a save clears the cached dictionaries and closes the dialog, a refusal keeps
 * it open (the API client has shown the server's message).
 */
export function useDialogSave(form: { check(): boolean; firstProblem: string | null }, fieldId: (field: string) => string, save: () => Promise<string>, onClose: () => void) {
  const changed = useDictionaryChanged();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!form.check()) {
      if (form.firstProblem) document.getElementById(fieldId(form.firstProblem))?.focus();
      return;
    }
    setBusy(true);
    try {
      showSaved(await save());
      changed();
      onClose();
    } catch {
      /* the client has shown the server's message; the dialog stays open */
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}

export interface DialogShellProps {
  title: string;
  /** data-dialog of the modal (tests find it by this). */
  dialog: string;
  loading: boolean;
  busy: boolean;
  isDirty(): boolean;
  onClose(): void;
  onSubmit(): Promise<void>;
  children: ReactNode;
}

/**
 * The 600 px dialog of the dictionary screen's forms: a loader until the record is read, the
 * fields, 取消/确定; every way of closing asks first when values were changed.
 */
export function DialogShell({ title, dialog, loading, busy, isDirty, onClose, onSubmit, children }: DialogShellProps) {
  const t = useT();
  const guard = useDiscardGuard(isDirty, onClose);
  return (
    <>
      <Modal opened onClose={guard.requestClose} closeOnEscape={!guard.asking} title={title} size={600} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t('dictAdmin.close') }} styles={READABLE_ERRORS} className="scp-dict-dialog" data-dialog={dialog}>
        {loading ? (
          <Loader size="sm" />
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void onSubmit();
            }}
          >
            <Stack gap="sm">
              {children}
              <Group justify="flex-end" mt="sm">
                <Button variant="default" onClick={guard.requestClose} data-action="form-cancel">
                  {t('app.cancel')}
                </Button>
                <Button type="submit" loading={busy} data-action="form-submit">
                  {t('app.confirm')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
      {guard.question}
    </>
  );
}
