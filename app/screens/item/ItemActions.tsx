import type { SaveMode } from '../../../machines/item-edit.machine';
import { Button } from '../../../ui';
import { useT } from '../../i18n';
import { SaveMenu } from './SaveMenu';

export interface ItemActionsProps {
  mayDelete: boolean;
  /** Whether the caller may save at all (a read-only item shows no save button). */
  maySave: boolean;
  /** Something is staged and nothing is in flight. */
  canSave: boolean;
  saving: boolean;
  busy: boolean;
  modes: SaveMode[];
  onDelete: () => void;
  onSave: (mode: SaveMode) => void;
}

/** The item page's header buttons: delete and the split save button. */
export function ItemActions(props: ItemActionsProps) {
  const t = useT();
  return (
    <>
      {props.mayDelete && (
        <Button variant="danger" icon="delete" onClick={props.onDelete} disabled={props.busy}>
          {t('edit.delete')}
        </Button>
      )}
      {props.maySave && (
        <SaveMenu enabled={props.canSave} saving={props.saving} modes={props.modes} onSave={props.onSave} />
      )}
    </>
  );
}
