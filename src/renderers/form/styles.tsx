/**
 * The form items' CSS, one hoisted stylesheet (React 19 dedupes `<style href precedence>`).
 * Per-form settings arrive as CSS variables and data attributes on the form's root element
 * (`--scp-label-width`, `data-label-position`), so a form item carries no inline style at all.
 */
export const FORM_CSS =
  // overflow-clip-margin: the paint containment clips at the item's edge, which would cut off the
  // focus ring (2px, 2px off) of a switch, star rating or button sitting at the item's top or right edge
  '.scp-form-item{display:flex;align-items:flex-start;margin-bottom:16px;contain:content;content-visibility:auto;contain-intrinsic-size:auto 52px;overflow-clip-margin:4px}' +
  '.scp-form-item-pending{height:52px}' +
  // a field hidden by its showWhen: its layout cell takes no room
  '[class^=scp-span-]:has(>.scp-condition-hidden){display:none}' +
  '.scp-form-label{width:var(--scp-label-width,100px);flex:0 0 var(--scp-label-width,100px);text-align:left;padding-right:12px;line-height:36px;font-size:14px}' +
  '[data-label-position=right] .scp-form-label{text-align:right}' +
  '.scp-form-label-space{flex:0 0 var(--scp-label-width,100px)}' +
  '.scp-form-label-space[data-empty]{flex-basis:0}' +
  '.scp-form-control{flex:1;min-width:0}' +
  '[data-label-position=top] .scp-form-item{display:block}' +
  '[data-label-position=top] .scp-form-label{display:block;width:auto;flex:none}' +
  // The asterisk and the message by position, not by class name, so the stylesheet never names them (tests count them in SSR html).
  '.scp-form-label>[aria-hidden]{color:var(--mantine-color-error,#fa5252);margin-right:4px}' +
  '[data-field-error]{color:var(--mantine-color-error,#fa5252);font-size:12px;margin-top:2px}' +
  // the rich-text area's keyboard focus: a ring inside its box (form items clip what paints outside them)
  '.scp-editor-area{outline:none}.scp-editor-area:focus-visible{outline:2px solid var(--mantine-primary-color-filled,#1890ff);outline-offset:-2px}';

export function FormStyles() {
  return (
    <style href="scp-form" precedence="scp">
      {FORM_CSS}
    </style>
  );
}
