import DOMPurify from 'dompurify';
import { Box } from '@mantine/core';
import { useMemo } from 'react';

/**
 * A mail's HTML, sanitised here on every display (DOMPurify; the server only stripped the
 * obvious on receipt): no script, no handlers, no forms; links open in a new window without the
 * opener; remote images are kept (the person chose to open the mail), without a text: alt="".
 */
export function MailBody({ html }: { html: string }) {
  const clean = useMemo(() => {
    const purify = DOMPurify();
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
      // a mail's image without a text is read as decoration, not as its address
      if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
    });
    return purify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'], FORBID_ATTR: ['style'] });
  }, [html]);
  return <Box className="mail-body" data-testid="mail-body" style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: clean }} />;
}
