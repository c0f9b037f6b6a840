import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button, Notice } from '../../../ui';
import type { ApiClient } from '../../api/client';
import { useT } from '../../i18n';
import { ConflictDialog } from './ConflictDialog';
import { useItemEvents } from './use-item-events';
import { personName, usePresence } from './use-presence';
import type { useItemEditor } from './use-item-editor';
import './editing-together.css';

/** The item-edit machine's states in which the live notice can be acted on. */
const SHOWN_IN = ['editing'];

/**
 * Editing an item together (spec §4, §7, §9): who else is on the page (a warning on opening), a
 * live notice when someone else saves the item, with a reload, and the conflict choice when a
 * stale save is refused.
 */
export function EditingTogether(props: {
  api: ApiClient;
  collection: string;
  /** The route's key ('+' new, 'a,b' batch: nothing to do). */
  routeKey: string;
  primaryKeyField: string;
  editor: ReturnType<typeof useItemEditor>;
}) {
  const t = useT();
  const { api, collection, routeKey, editor } = props;
  const [page] = useLocation();
  usePresence(api, collection, routeKey, page);
  const saved = useItemEvents(api, collection, routeKey, props.primaryKeyField, editor.revision);
  /** The revision whose notice the user set aside ("keep my edits"). */
  const [setAside, setSetAside] = useState<number | null>(null);
  const savedBy = saved?.by ? personName(saved.by, t) : null;
  const showNotice = saved !== null && saved.revision !== setAside && SHOWN_IN.includes(editor.state);

  return (
    <>
      {showNotice && (
        <Notice
          color="warning"
          icon="sync_problem"
          live="status"
          className="item-notice editing-together__notice"
          title={savedBy ? t('conflicts.saved_title', { name: savedBy }) : t('conflicts.saved_title_unknown')}
        >
          <p className="editing-together__text">
            {editor.dirty ? t('conflicts.saved_dirty') : t('conflicts.saved_clean')}
          </p>
          <div className="editing-together__actions">
            <Button
              size="small"
              variant={editor.dirty ? 'danger' : 'primary'}
              icon="refresh"
              onClick={() => editor.actor.send({ type: 'RELOAD' })}
            >
              {editor.dirty ? t('conflicts.reload_discard') : t('conflicts.reload')}
            </Button>
            {editor.dirty && (
              <Button size="small" variant="secondary" onClick={() => setSetAside(saved.revision)}>
                {t('conflicts.keep_mine')}
              </Button>
            )}
          </div>
        </Notice>
      )}
      <ConflictDialog
        open={editor.state === 'conflict' || (editor.state === 'saving' && editor.overwriting)}
        savedBy={savedBy}
        busy={editor.state === 'saving'}
        onChoose={(choice) => editor.actor.send({ type: choice })}
      />
    </>
  );
}
