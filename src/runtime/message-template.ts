/**
 * Message templates (消息模板, spec 7.11): a title and a body with {name} placeholders that the
 * sender fills from parameters. Shared by the server (sending, issue "messages and chat") and the
 * browser (a preview), so both fill a template the same way.
 *
 * Plain string substitution in one pass: no expressions, no code, and a value that itself holds
 * "{x}" is never expanded again. A placeholder without a value is left as written ("{title}"),
 * so a missing parameter shows in the message instead of silently vanishing; a sender that must
 * not send such a message asks `missingPlaceholders` first and refuses.
 */

/** `{name}`: a letter or underscore, then letters, digits, underscores or dots (`{order.no}`). */
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_.]{0,63})\}/g;

export type TemplateParams = Readonly<Record<string, unknown>>;

/** A parameter's text, or undefined when it has none (missing, null, an object or a function). */
function valueOf(params: TemplateParams, name: string): string | undefined {
  // own keys only: "{constructor}" must not reach Object.prototype
  if (!Object.prototype.hasOwnProperty.call(params, name)) return undefined;
  const value = params[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return undefined;
}

/** The template with each {name} that has a value replaced by it; the others are left visible. */
export function renderTemplate(template: string, params: TemplateParams = {}): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => valueOf(params, name) ?? whole);
}

/** The placeholder names a template uses, in order of first use, each once. */
export function templatePlaceholders(template: string): string[] {
  const names = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) names.add(match[1]);
  return [...names];
}

/** The placeholders `params` leaves unfilled (empty: the rendered text has none left). */
export function missingPlaceholders(template: string, params: TemplateParams = {}): string[] {
  return templatePlaceholders(template).filter((name) => valueOf(params, name) === undefined);
}

/** A template's title and body, both rendered with the same parameters. */
export function renderMessage(template: { title: string; content: string }, params: TemplateParams = {}): { title: string; content: string } {
  return { title: renderTemplate(template.title, params), content: renderTemplate(template.content, params) };
}
