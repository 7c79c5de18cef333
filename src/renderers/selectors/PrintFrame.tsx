import DOMPurify from 'dompurify';
import { useMemo, type Ref } from 'react';

/**
 * A filled print template as shown in a preview (a record's print, a flow's print): cleaned by
 * DOMPurify, then framed without scripts. allow-same-origin without allow-scripts: the page may
 * call print() on the frame, the content runs nothing, whatever a template holds.
 */
export function useCleanPrintHtml(html: string | null | undefined): string | null {
  return useMemo(() => (html ? DOMPurify.sanitize(html) : null), [html]);
}

export function PrintFrame({ html, title, ref, ...marks }: { html: string; title: string; ref: Ref<HTMLIFrameElement> } & { [mark: `data-${string}`]: string | boolean }) {
  return <iframe ref={ref} title={title} sandbox="allow-same-origin allow-modals" srcDoc={html} style={{ width: '100%', height: 'calc(100vh - 140px)', border: '1px solid var(--mantine-color-gray-3)' }} {...marks} />;
}
