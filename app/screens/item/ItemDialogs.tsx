import { useT } from '../../i18n';
import type { SoftDelete } from '../../state/schema-info';
import { Modal } from './Modal';

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
  if (props.state === 'confirmingLeave') {
    return (
      <Modal
        title={t('edit.unsaved_title')}
        onClose={() => send('KEEP_EDITING')}
        actions={
          <>
            <button type="button" className="item-button" onClick={() => send('KEEP_EDITING')}>
              {t('edit.keep_editing')}
            </button>
            <button type="button" className="item-button item-button--danger" onClick={() => send('DISCARD')}>
              {t('edit.discard')}
            </button>
          </>
        }
      >
        <p>{t('edit.unsaved_body')}</p>
      </Modal>
    );
  }
  if (props.state === 'confirmingDelete') {
    return (
      <Modal
        title={t('edit.delete_title')}
        onClose={() => send('CANCEL_DELETE')}
        actions={
          <>
            <button type="button" className="item-button" onClick={() => send('CANCEL_DELETE')}>
              {t('edit.cancel')}
            </button>
            <button
              type="button"
              className="item-button item-button--danger"
              onClick={() => send('CONFIRM_DELETE')}
            >
              {t('edit.delete')}
            </button>
          </>
        }
      >
        <p>
          {props.softDelete
            ? t('edit.soft_delete_confirm', { status: String(props.softDelete.value) })
            : props.count > 1
              ? t('edit.delete_confirm_batch', { count: props.count })
              : t('edit.delete_confirm')}
        </p>
      </Modal>
    );
  }
  return null;
}
