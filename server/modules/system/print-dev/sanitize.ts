import { refuse } from '../../../http/errors';

/**
 * The print template's HTML check. No HTML parser or DOM runs on the server (DOMPurify needs a
 * DOM; jsdom is not installed), so this is a strict allow-list over a tokenizer: every `<` must
 * open a known tag with known attributes, URLs must be http(s), relative or data images, and
 * anything else is refused with the reason rather than silently cleaned. What the editor
 * (tiptap) writes passes; pasted markup with scripts, event handlers or javascript: URLs does not.
 * The browser additionally runs DOMPurify over the rendered page before showing it.
 */

const TAGS = new Set([
  'p', 'br', 'span', 'div', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'mark', 'code', 'pre', 'blockquote', 'hr',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'img',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'colgroup', 'col', 'caption',
]);
const VOID = new Set(['br', 'hr', 'img', 'col']);
const ATTRIBUTES = new Set([
  'class', 'style', 'title', 'alt', 'width', 'height', 'align', 'valign', 'colspan', 'rowspan', 'border', 'cellpadding', 'cellspacing',
  'href', 'target', 'rel', 'src', 'start', 'type',
  'data-print-rows', 'data-print-barcode', 'data-print-qrcode', 'data-print-page-break', 'data-print-field',
]);
const URL_ATTRIBUTES = new Set(['href', 'src']);
const SAFE_URL = /^(?:https?:\/\/|mailto:|\/(?!\/)|#|data:image\/(?:png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=]+$)/i;
const UNSAFE_STYLE = /expression\s*\(|url\s*\(|javascript:|vbscript:|@import|behavior\s*:|-moz-binding/i;
export const MAX_TEMPLATE_LENGTH = 500_000;

const NAME = '[A-Za-z_:][-A-Za-z0-9_:.]*';
const VALUE = `(?:"[^"]*"|'[^']*'|[^\\s"'=<>\`]+)`;
const TAG = new RegExp(`^<(/?)([A-Za-z][A-Za-z0-9]*)((?:\\s+${NAME}(?:\\s*=\\s*${VALUE})?)*)\\s*(/?)>`);
const ATTRIBUTE = new RegExp(`(${NAME})(?:\\s*=\\s*(${VALUE}))?`, 'g');

/** Character references decoded, so `java&#115;cript:` is judged as what the browser reads. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(/&colon;/gi, ':').replace(/&tab;/gi, '\t').replace(/&newline;/gi, '\n').replace(/&amp;/gi, '&');
}

const unquote = (v: string) => (v.startsWith('"') || v.startsWith("'") ? v.slice(1, -1) : v);

function checkAttributes(tag: string, text: string): void {
  for (const m of text.matchAll(ATTRIBUTE)) {
    const name = m[1]!.toLowerCase();
    if (name.startsWith('on')) throw refuse('printDev.htmlEventHandler', { attribute: name });
    if (!ATTRIBUTES.has(name)) throw refuse('printDev.htmlAttribute', { tag, attribute: name });
    const value = decodeEntities(unquote(m[2] ?? '')).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
    if (URL_ATTRIBUTES.has(name) && value && !SAFE_URL.test(value)) throw refuse('printDev.htmlUrl', { attribute: name });
    if (name === 'style' && UNSAFE_STYLE.test(decodeEntities(unquote(m[2] ?? '')))) throw refuse('printDev.htmlStyle');
  }
}

/** The template HTML if it passes the allow-list; otherwise a refusal naming what was found. */
export function checkTemplateHtml(html: string): string {
  if (html.length > MAX_TEMPLATE_LENGTH) throw refuse('printDev.htmlTooLong', { max: MAX_TEMPLATE_LENGTH });
  const open: string[] = [];
  let i = html.indexOf('<');
  while (i !== -1) {
    const rest = html.slice(i);
    if (rest.startsWith('<!--')) throw refuse('printDev.htmlComment');
    const m = TAG.exec(rest);
    if (!m) throw refuse('printDev.htmlMalformed', { near: rest.slice(0, 30) });
    const [whole, closing, rawName, attributes, selfClosing] = m;
    const tag = rawName!.toLowerCase();
    if (!TAGS.has(tag)) throw refuse('printDev.htmlTag', { tag });
    if (closing) {
      if (attributes!.trim()) throw refuse('printDev.htmlMalformed', { near: whole });
      if (open.pop() !== tag) throw refuse('printDev.htmlUnbalanced', { tag });
    } else {
      checkAttributes(tag, attributes!);
      if (!VOID.has(tag) && !selfClosing) open.push(tag);
    }
    i = html.indexOf('<', i + whole!.length);
  }
  if (open.length) throw refuse('printDev.htmlUnbalanced', { tag: open[open.length - 1]! });
  return html;
}
