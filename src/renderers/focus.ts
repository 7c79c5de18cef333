import { useEffect, useState } from 'react';

/**
 * Id of the page's main content region (the shell gives it tabIndex -1). The skip link and the
 * sign-in move focus there, and a dialog whose opener is gone returns focus there rather than
 * to the page body.
 */
export const MAIN_CONTENT_ID = 'main-content';

/** Where focus goes back to when a dialog closes: the control that opened it, found again if it was redrawn. */
interface Opener {
  element: HTMLElement | null;
  /** The list row the opener sat in, and the attribute naming the control (a row's 编辑 is redrawn when the list reloads). */
  rowId?: string;
  control?: [name: string, value: string];
}

const NAMING = ['data-button', 'data-action', 'data-testid'] as const;

function remember(active: Element | null): Opener {
  const element = active instanceof HTMLElement && active !== document.body ? active : null;
  if (!element) return { element: null };
  const rowId = element.closest<HTMLElement>('[data-row-id]')?.dataset.rowId;
  const name = NAMING.find((n) => element.hasAttribute(n));
  return { element, rowId, control: name ? [name, element.getAttribute(name)!] : undefined };
}

function findAgain(opener: Opener): HTMLElement | null {
  if (opener.element?.isConnected) return opener.element;
  if (opener.control) {
    const [name, value] = opener.control;
    const scope = opener.rowId ? `[data-row-id="${CSS.escape(opener.rowId)}"] ` : '';
    // a hidden cached view may hold the same control: only a drawn one can take focus
    const found = [...document.querySelectorAll<HTMLElement>(`${scope}[${name}="${CSS.escape(value)}"]`)].find((el) => el.getClientRects().length > 0);
    if (found) return found;
  }
  return document.getElementById(MAIN_CONTENT_ID);
}

/** Focus fell out of the page: onto the body, or with an element that left the document. */
function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * For a dialog that is mounted while open and unmounted to close (Mantine returns focus only
 * when its `opened` turns false, not on unmount): remembers the focused control when the
 * dialog first renders, before the dialog's focus trap moves focus inside, and after the
 * dialog is gone puts focus back on it, unless focus already went somewhere on purpose.
 */
export function useReturnFocus(): void {
  // a state initialiser runs during the first render, while the opener still has focus
  const [opener] = useState<Opener>(() => (typeof document === 'undefined' ? { element: null } : remember(document.activeElement)));
  useEffect(
    () => () => {
      // after the dialog's nodes are removed (and, in development, after StrictMode's re-mount)
      requestAnimationFrame(() => {
        if (!focusLost()) return;
        findAgain(opener)?.focus();
      });
    },
    [opener],
  );
}
