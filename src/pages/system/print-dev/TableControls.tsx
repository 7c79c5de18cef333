import { RichTextEditor } from '@mantine/tiptap';
import { IconColumnInsertRight, IconColumnRemove, IconRowInsertBottom, IconRowRemove, IconTableMinus } from '@tabler/icons-react';
import { useEditorState, type Editor } from '@tiptap/react';
import { useT } from '../../../app/i18n';
import type { MessageKey } from '../../../runtime/i18n';

type TableCommand = 'addRowAfter' | 'addColumnAfter' | 'deleteRow' | 'deleteColumn' | 'deleteTable';

const CONTROLS: { command: TableCommand; label: MessageKey; Icon: typeof IconTableMinus }[] = [
  { command: 'addRowAfter', label: 'printDev.table.addRow', Icon: IconRowInsertBottom },
  { command: 'addColumnAfter', label: 'printDev.table.addColumn', Icon: IconColumnInsertRight },
  { command: 'deleteRow', label: 'printDev.table.deleteRow', Icon: IconRowRemove },
  { command: 'deleteColumn', label: 'printDev.table.deleteColumn', Icon: IconColumnRemove },
  { command: 'deleteTable', label: 'printDev.table.delete', Icon: IconTableMinus },
];

/**
 * Rows and columns of the table the cursor is in. Mantine's toolbar has no table controls of its
 * own; these are its plain controls, named in the user's language and disabled outside a table.
 */
export function TableControls({ editor }: { editor: Editor | null }) {
  const t = useT();
  // the editor does not re-render its page on every transaction: this follows the cursor itself
  const inTable = useEditorState({ editor, selector: ({ editor: current }) => !!current?.isActive('table') }) ?? false;
  return (
    <RichTextEditor.ControlsGroup>
      {CONTROLS.map(({ command, label, Icon }) => (
        <RichTextEditor.Control
          key={command}
          onClick={() => editor?.chain().focus()[command]().run()}
          disabled={!inTable}
          aria-label={t(label)}
          title={t(label)}
          data-table-command={command}
        >
          <Icon size={16} stroke={1.5} />
        </RichTextEditor.Control>
      ))}
    </RichTextEditor.ControlsGroup>
  );
}
