import DOMPurify from 'dompurify';
import { useEffect, useRef } from 'react';
import { FormattedView } from '../format';
import type { EditProps, ViewProps } from '../types';

/** Rich text is HTML; the view sanitises it with DOMPurify before it reaches the page. */
export function sanitizeHtml(html: unknown): string {
  if (typeof html !== 'string' || !html) return '';
  return typeof window === 'undefined' ? '' : DOMPurify.sanitize(html);
}

/** A small contenteditable editor: bold/italic/underline/list through the browser's own commands. */
function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'editor'>) {
  const ref = useRef<HTMLDivElement>(null);
  const html = typeof value === 'string' ? value : '';
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== html) ref.current.innerHTML = sanitizeHtml(html);
  }, [html]);
  const editable = !disabled && !readOnly;
  const command = (name: string) => () => {
    ref.current?.focus();
    document.execCommand(name);
    onChange(ref.current?.innerHTML ?? '');
  };
  return (
    <div className="scp-editor" style={{ border: `1px solid ${error ? '#fa5252' : '#ced4da'}`, borderRadius: 4 }}>
      {editable ? (
        <div style={{ borderBottom: '1px solid #e9ecef', padding: 2, display: 'flex', gap: 2 }}>
          {[
            ['bold', 'B'],
            ['italic', 'I'],
            ['underline', 'U'],
            ['insertUnorderedList', '•'],
          ].map(([name, label]) => (
            <button key={name} type="button" onMouseDown={(e) => e.preventDefault()} onClick={command(name!)} style={{ minWidth: 24 }}>
              {label}
            </button>
          ))}
        </div>
      ) : null}
      <div
        id={id}
        ref={ref}
        role="textbox"
        aria-multiline
        contentEditable={editable}
        suppressContentEditableWarning
        data-placeholder={field.placeholder ?? ''}
        onInput={(e) => onChange(e.currentTarget.innerHTML)}
        onBlur={onBlur}
        className="scp-editor-area"
        style={{ minHeight: 120, padding: 8 }}
      />
    </div>
  );
}

const View = ({ value }: ViewProps<'editor'>) => <div className="scp-rich-text" dangerouslySetInnerHTML={{ __html: sanitizeHtml(value) }} />;

/** In a list cell the text only, without markup (the kind's formatter). */
export const editorRenderer = { Edit, View, Cell: FormattedView };
