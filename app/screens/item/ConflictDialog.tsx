import { useId, useRef } from 'react';
import { Button, Modal } from '../../../ui';
import { useT } from '../../i18n';

export type ConflictChoice = 'RELOAD_THEIRS' | 'OVERWRITE' | 'KEEP_EDITING';

/**
 * A save met a newer version of the item (409 code 1110): reload theirs (discarding mine),
 * overwrite with mine (saved again without the precondition), or cancel and keep editing. The
 * safe answer, cancel, has the focus first; Escape cancels too.
 */
export function ConflictDialog(props: {
  open: boolean;
  /** Who saved, when the live notice told; else the dialog says "someone". */
  savedBy: string | null;
  /** The overwrite is being saved. */
  busy: boolean;
  onChoose: (choice: ConflictChoice) => void;
}) {
  const t = useT();
  const bodyId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const { onChoose } = props;
  return (
    <Modal
      open={props.open}
      onClose={() => onChoose('KEEP_EDITING')}
      title={t('conflicts.dialog_title')}
      role="alertdialog"
      size="small"
      dismissible={!props.busy}
      initialFocus={cancel}
      describedBy={bodyId}
      actions={
        <div className="conflict-dialog__actions">
          <Button
            variant="secondary"
            icon="refresh"
            block
            onClick={() => onChoose('RELOAD_THEIRS')}
            disabled={props.busy}
          >
            {t('conflicts.reload_theirs')}
          </Button>
          <Button
            variant="danger"
            icon="save"
            block
            onClick={() => onChoose('OVERWRITE')}
            loading={props.busy}
          >
            {t('conflicts.overwrite')}
          </Button>
          <Button
            ref={cancel}
            variant="text"
            block
            onClick={() => onChoose('KEEP_EDITING')}
            disabled={props.busy}
          >
            {t('conflicts.cancel')}
          </Button>
        </div>
      }
    >
      <div id={bodyId} className="conflict-dialog__body">
        <p>
          {props.savedBy
            ? t('conflicts.dialog_body_named', { name: props.savedBy })
            : t('conflicts.dialog_body')}
        </p>
        <p>{t('conflicts.dialog_choice')}</p>
      </div>
    </Modal>
  );
}
