import type { RecordRow } from '../../data/provider';

/** A hand-written dialog of an admin resource page: the row it was opened on (empty for page tools). */
export interface ResourceDialogProps {
  row: RecordRow;
  onClose(): void;
  /** Something changed: the list reloads. */
  onChanged(): void;
}
