import { ConfirmDialog } from '../../../ui';
import { useT } from '../../i18n';
import type { SoftDelete } from '../../state/schema-info';

type DialogEvent = 'KEEP_EDITING' | 'DISCARD' | 'CANCEL_DELETE' | 'CONFIRM_DELETE';

/** The item-edit machine's two questions: leave with unsaved changes, and delete. */
export function ItemDialogs(props: {
  state: string;
  softDelete: SoftDelete | null;
  /** How many items the page edits (a batch delete names the count). */
  count: number;
  send: (type: DialogEvent) => void;
}) {
  const t = useT();
  const { send } = props;
  return (
    <>
      <ConfirmDialog
        open={props.state === 'confirmingLeave'}
        title={t('edit.unsaved_title')}
        message={t('edit.unsaved_body')}
        confirmLabel={t('edit.discard')}
        cancelLabel={t('edit.keep_editing')}
        danger
        onConfirm={() => send('DISCARD')}
        onCancel={() => send('KEEP_EDITING')}
      />
      <ConfirmDialog
        open={props.state === 'confirmingDelete' || props.state === 'deleting'}
        title={t('edit.delete_title')}
        message={
          props.softDelete
            ? t('edit.soft_delete_confirm', { status: String(props.softDelete.value) })
            : props.count > 1
              ? t('edit.delete_confirm_batch', { count: props.count })
              : t('edit.delete_confirm')
        }
        confirmLabel={t('edit.delete')}
        cancelLabel={t('edit.cancel')}
        danger
        busy={props.state === 'deleting'}
        onConfirm={() => send('CONFIRM_DELETE')}
        onCancel={() => send('CANCEL_DELETE')}
      />
    </>
  );
}
