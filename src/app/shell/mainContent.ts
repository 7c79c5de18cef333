import { MAIN_CONTENT_ID } from '../../renderers/focus';

export { MAIN_CONTENT_ID };

/** Moves focus to the page's main content region (tabIndex -1); false when the shell is not drawn. */
export function focusMainContent(): boolean {
  const main = typeof document === 'undefined' ? null : document.getElementById(MAIN_CONTENT_ID);
  if (!main) return false;
  main.focus();
  return true;
}

// Set by a sign-in, taken by the shell when it mounts: the sign-in form is gone by then and
// focus would otherwise rest on the page body, a logo and a menu away from the page.
let focusAfterSignIn = false;

export function requestMainFocus(): void {
  focusAfterSignIn = true;
}

/** Whether a sign-in asked for the main content to get focus (asked once). */
export function takeMainFocusRequest(): boolean {
  const asked = focusAfterSignIn;
  focusAfterSignIn = false;
  return asked;
}
