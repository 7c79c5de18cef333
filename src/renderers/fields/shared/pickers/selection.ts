/**
 * The pickers' selection rules (widgets spec 4 "Pickers in general", 5 "Pickers"), pure so they
 * are tested without a browser: what a pick, a removal, a confirm and a cancel do to the list of
 * chosen items, and what value a confirm stores.
 */

/** A node of a picker's tree or list (widgets spec 3, picker item). */
export interface PickerNode {
  id: string;
  fullName: string;
  type: string;
  hasChildren?: boolean;
  isLeaf?: boolean;
  children?: PickerNode[];
  /** Ids from the top down to this node (organisations, areas). */
  organizeIds?: string[];
  disabled?: boolean;
  /** Users: the names of their organisations. */
  organize?: string;
}

/** A chosen item: what the right pane shows and what the stored value is made of. */
export interface PickedItem {
  /** Unique among the chosen: the id, or the path joined with '/' for path pickers. */
  key: string;
  /** What is stored: an id, an 'id--type', or a path of ids. */
  value: string | string[];
  /** The name shown ('浙江省/杭州市' for a path). */
  label: string;
}

export type SelectionMode = { multiple: boolean };

/**
 * A pick: in single mode it replaces the selection, in multiple mode it adds the item unless it
 * is already chosen (duplicates are ignored). Returns the same array when nothing changes.
 */
export function pick(selected: readonly PickedItem[], item: PickedItem, mode: SelectionMode): readonly PickedItem[] {
  if (!mode.multiple) return selected.length === 1 && selected[0]!.key === item.key ? selected : [item];
  return selected.some((s) => s.key === item.key) ? selected : [...selected, item];
}

export function removeItem(selected: readonly PickedItem[], key: string): readonly PickedItem[] {
  return selected.filter((s) => s.key !== key);
}

/** The value a confirm stores: single with nothing chosen clears it (null, or [] for path kinds). */
export function valueOf(selected: readonly PickedItem[], mode: SelectionMode, emptySingle: unknown = null): unknown {
  if (mode.multiple) return selected.map((s) => s.value);
  return selected[0]?.value ?? emptySingle;
}

/**
 * The dialog's life: opening starts a draft from the committed selection (and resets keyword and
 * the finished flag of paged lists); cancel drops the draft, so the previous selection stays;
 * confirm makes the draft the selection.
 */
export interface DialogState {
  open: boolean;
  committed: readonly PickedItem[];
  draft: readonly PickedItem[];
  keyword: string;
  finished: boolean;
}

export const closedDialog = (committed: readonly PickedItem[] = []): DialogState => ({ open: false, committed, draft: committed, keyword: '', finished: false });

export function openDialog(state: DialogState, preload: readonly PickedItem[]): DialogState {
  return { open: true, committed: preload, draft: preload, keyword: '', finished: false };
}

export function cancelDialog(state: DialogState): DialogState {
  return { ...state, open: false, draft: state.committed, keyword: '' };
}

export function confirmDialog(state: DialogState): DialogState {
  return { ...state, open: false, committed: state.draft, keyword: '' };
}

/** Whether a node may be chosen: its type is one the picker takes, it is not disabled. */
export function selectableBy(types: readonly string[]) {
  return (node: PickerNode) => !node.disabled && types.includes(node.type);
}

/** Address tree: a node at depth `depth` (0 = province) is a leaf at or beyond the configured level (default 2). */
export function isLeafAtLevel(depth: number, level: unknown): boolean {
  const n = typeof level === 'number' ? level : Number(level);
  return depth >= (Number.isInteger(n) && n >= 0 ? n : 2);
}

/** Nodes whose name matches the keyword, with their ancestors (a tree filter keeps the path to each match). */
export function filterTree(nodes: readonly PickerNode[], keyword: string): PickerNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...nodes];
  const out: PickerNode[] = [];
  for (const node of nodes) {
    const children = filterTree(node.children ?? [], keyword);
    if (node.fullName.toLowerCase().includes(k) || children.length) out.push({ ...node, children: node.fullName.toLowerCase().includes(k) ? node.children : children });
  }
  return out;
}

/** Paged lists (user picker): the next page is due within 200 px of the bottom, unless loading or finished. */
export const NEAR_BOTTOM_PX = 200;
export const PAGE_SIZE = 20;
export function wantsNextPage(scroll: { scrollTop: number; clientHeight: number; scrollHeight: number }, loading: boolean, finished: boolean): boolean {
  return !loading && !finished && scroll.scrollHeight - scroll.scrollTop - scroll.clientHeight <= NEAR_BOTTOM_PX;
}
/** A list is finished when a page brings fewer than a page size of items. */
export const finishedAfter = (pageLength: number) => pageLength < PAGE_SIZE;

/** Stored ids of the user picker carry their type: 'id--type' (widgets spec 3). */
export function typedId(id: string, type: string): string {
  return `${id}--${type}`;
}
export function splitTypedId(value: string): { id: string; type: string } {
  const at = value.lastIndexOf('--');
  return at > 0 ? { id: value.slice(0, at), type: value.slice(at + 2) } : { id: value, type: '' };
}

/**
 * The role picker's tabs (widgets spec 2.3): the server's role tree has one top node for the
 * global roles (type 'global') and the organisations with their roles; each tab shows its part.
 */
export function roleTab(tree: readonly PickerNode[], tab: 'organize' | 'global'): PickerNode[] {
  return tree.filter((n) => (n.type === 'global') === (tab === 'global'));
}
