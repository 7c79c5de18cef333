/**
 * The layout's CSS, as one hoisted stylesheet (React 19 dedupes `<style href precedence>` and
 * moves it to <head>). Classes instead of inline styles: React sets an inline style property by
 * property on every element, which at 1,000 fields was the largest single cost of a first render.
 */
const SPANS = Array.from({ length: 24 }, (_, i) => `.scp-span-${i + 1}{grid-column:span ${i + 1}}`).join('');

export const LAYOUT_CSS =
  '.scp-layout{display:grid;grid-template-columns:repeat(24,minmax(0,1fr));column-gap:var(--scp-gutter,16px);row-gap:0}' +
  '.scp-layout-row{row-gap:var(--scp-gutter,16px)}' +
  '.scp-layout>*{min-width:0}' +
  // A tab or collapse pane holding a field that shows a message (see panes.tsx).
  '.scp-layout [data-pane-error]{color:var(--mantine-color-error,#fa5252)}' +
  '.scp-pane-dot{display:inline-block;width:6px;height:6px;margin-left:6px;border-radius:50%;background:var(--mantine-color-error,#fa5252);vertical-align:middle}' +
  SPANS;

export function LayoutStyles() {
  return (
    <style href="scp-layout" precedence="scp">
      {LAYOUT_CSS}
    </style>
  );
}
