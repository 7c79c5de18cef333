import { useT } from '../i18n';
import { focusMainContent, MAIN_CONTENT_ID } from './mainContent';
import classes from './shell.module.css';

/**
 * First Tab stop of every signed-in page: past the header and the menu straight to the page.
 * The click moves focus itself (a plain #fragment would only scroll, and the router owns the address).
 */
export function SkipLink() {
  const t = useT();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className={classes.skipLink}
      onClick={(event) => {
        event.preventDefault();
        focusMainContent();
      }}
      data-testid="skip-link"
    >
      {t('keyboard.skipToMain')}
    </a>
  );
}
