/**
 * A cheap first pass over a received mail's HTML before it is stored: script, style-less active
 * content and event handlers go. It is not the sanitiser: the browser runs DOMPurify on every
 * display (src/pages/mail/MailBody.tsx); this only keeps stored mail from carrying the obvious.
 */
export function stripActiveContent(html: string): string {
  return html
    .replace(/<(script|iframe|object|applet|frameset|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, '')
    // what is left of them unclosed, and the void ones
    .replace(/<\/?(script|iframe|object|embed|frame|frameset|applet|noscript|template|base|meta|link)\b[^>]*>/gi, '')
    .replace(/\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/(href|src|action|formaction)\s*=\s*(["']?)\s*(javascript|vbscript|data:text\/html)[^"'\s>]*\2/gi, '$1="#"');
}

/** The text of an HTML body: the sent copy's plain part and the list's keyword search. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h[1-6])>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
