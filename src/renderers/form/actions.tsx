import { createContext } from 'react';

/**
 * Runs a page action named by a button field's `action` prop (settings pages: "test
 * connection", "push all"). Forms without a provider draw button fields inert, as before:
 * descriptors carry no code, only the name of an action their page defines.
 */
export interface FormActions {
  run(action: string): void;
  /** The action running now (its button shows a spinner, the others wait). */
  busy: string | null;
}

export const FormActionsContext = createContext<FormActions | null>(null);
