import { useState } from 'react';
import { useRT } from '../i18n';
import { ConfirmDialog } from '../list/ConfirmDialog';

/**
 * Every way of closing a form (Escape, ×, 取消, a back arrow) goes through `requestClose`: with
 * changed values it asks first, otherwise it closes at once. While the question is open the
 * form's own dialog must ignore Escape (`asking`), or the key that asked would also answer.
 * Render `question` beside the form's dialog.
 */
export function useDiscardGuard(isDirty: () => boolean, close: () => void) {
  const t = useRT();
  const [asking, setAsking] = useState(false);
  return {
    asking,
    requestClose: () => (isDirty() ? setAsking(true) : close()),
    question: <ConfirmDialog opened={asking} message={t('keyboard.discardChanges')} onConfirm={close} onCancel={() => setAsking(false)} />,
  };
}
