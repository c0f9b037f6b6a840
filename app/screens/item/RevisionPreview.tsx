import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ItemForm } from '../../../engine/form/ItemForm';
import { DisplayValue } from '../../../engine/displays/DisplayValue';
import type { FormServices } from '../../../engine/components/contract';
import type { FieldDefinition, FieldPermissions } from '../../../engine/types';
import type { DefinitionRegistry } from '../../../engine/registry/registry';
import { Badge, Button, ConfirmDialog, Modal, Notice, Spinner } from '../../../ui';
import { loadRevision, revertItem, type ActivityRow, type Revision } from '../../api/activity';
import type { ApiClient } from '../../api/client';
import { useFormat, useT } from '../../i18n';
import { UserRef } from '../../people';
import { useNotify, useSchema } from '../../state/hooks';
import { primaryKeyName, relatedCollection } from '../../state/schema-info';
import { revisionView } from './revision-diff';
import { useErrorText } from '../../i18n/errors';

type Item = Record<string, unknown>;

export interface RevisionPreviewProps {
  api: ApiClient;
  registry: DefinitionRegistry;
  collection: string;
  primaryKey: string;
  /** The activity entry whose revision is shown, and that revision's id. */
  entry: ActivityRow;
  revision: number;
  /** The form's fields and the caller's field permissions, as the item page draws them. */
  fields: FieldDefinition[];
  permissions: FieldPermissions | null;
  services?: FormServices;
  /** The item as saved now: what the revision is compared with. */
  current: Item;
  /** Whether the caller may restore this revision (update permission, a status they may set). */
  mayRevert: (snapshot: Item) => boolean;
  /** The item page holds unsaved changes: reverting asks first. */
  dirty: boolean;
  onClose: () => void;
  /** Steps to the next older or newer revision of the item; absent at either end. */
  onOlder?: () => void;
  onNewer?: () => void;
  /** After a successful revert: the page reloads the item (and with it the activity). */
  onReverted: () => void;
}

const noStage = () => {};

/** Field types that are no column of the item, so a snapshot never holds them. */
const STORED_ELSEWHERE = new Set(['alias', 'o2m', 'm2m', 'translation', 'files', 'group']);

/**
 * The preview of one revision (spec §4 Revert): the item as that change left it, drawn read-only by
 * the form engine, each field that differs from the current item marked with its current value, and
 * the revert through `PATCH /items/{c}/{key}/revert/{revision}` when the caller may update the item.
 */
export function RevisionPreview(props: RevisionPreviewProps) {
  const { api, revision, onClose, onReverted, collection, current, registry } = props;
  const formFields = props.fields;
  const t = useT();
  const format = useFormat();
  const notify = useNotify();
  const errorText = useErrorText();
  const schema = useSchema();
  const [loaded, setLoaded] = useState<Revision | null>(null);
  const [failed, setFailed] = useState(false);
  const [asking, setAsking] = useState(false);
  const [reverting, setReverting] = useState(false);

  useEffect(() => {
    let live = true;
    setLoaded(null);
    setFailed(false);
    loadRevision(api, revision).then(
      (answer) => live && setLoaded(answer),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api, revision]);

  const snapshot = loaded?.data && typeof loaded.data === 'object' ? loaded.data : null;
  const view = useMemo(() => {
    if (!snapshot) return null;
    const relatedKeyOf = (field: FieldDefinition) => {
      const target = relatedCollection(field, collection, schema.relations);
      const type = String(field.type).toLowerCase();
      if (!target || type === 'o2m' || type === 'translation' || type === 'alias') return null;
      return primaryKeyName(schema.fields[target] ?? []);
    };
    return revisionView(formFields, snapshot, current, relatedKeyOf);
  }, [snapshot, formFields, current, collection, schema]);
  const readOnlyFields = useMemo(
    () => (view ? view.fields.map((field) => ({ ...field, readonly: true })) : []),
    [view],
  );
  // Columns the snapshot lacks: left out by the server (the caller may not read them) or added since.
  const hidden = useMemo(
    () =>
      snapshot
        ? formFields.filter(
            (field) => !STORED_ELSEWHERE.has(String(field.type).toLowerCase()) && !(field.field in snapshot),
          )
        : [],
    [formFields, snapshot],
  );

  const annotations = useMemo(() => {
    if (!view) return undefined;
    const notes: Record<string, ReactNode> = {};
    for (const name of view.changed) {
      const field = view.fields.find((candidate) => candidate.field === name)!;
      const now = current[name];
      notes[name] = (
        <span className="revision-change">
          <Badge background="warning">{t('sidebar.changed')}</Badge>
          <span className="revision-change__label">{t('sidebar.current_value')}</span>
          <span className="revision-change__value">
            {now === null || now === undefined || now === '' ? (
              <em>{t('sidebar.empty_value')}</em>
            ) : (
              <DisplayValue registry={registry} field={field} value={now} item={current} />
            )}
          </span>
        </span>
      );
    }
    return notes;
  }, [view, current, registry, t]);

  const allowed = snapshot !== null && props.mayRevert(snapshot);

  const revert = async () => {
    setAsking(false);
    setReverting(true);
    try {
      await revertItem(api, props.collection, props.primaryKey, revision);
      notify({ title: t('sidebar.reverted'), color: 'success' });
      onClose();
      onReverted();
    } catch (error) {
      notify({
        title: t('sidebar.revert_failed'),
        details: errorText(error),
        color: 'danger',
      });
      setReverting(false);
    }
  };

  const date = props.entry.action_on ? format.date(props.entry.action_on, 'long') : '';
  return (
    <>
      <Modal
        open={!asking}
        onClose={reverting ? () => {} : onClose}
        dismissible={!reverting}
        title={t('sidebar.revision_title', { date })}
        closeLabel={t('sidebar.close')}
        size="large"
        actions={
          <>
            {(props.onOlder || props.onNewer) && (
              <span className="revision-preview__steps">
                <Button
                  variant="text"
                  icon="chevron_left"
                  onClick={props.onOlder}
                  disabled={!props.onOlder || reverting}
                >
                  {t('sidebar.older_revision')}
                </Button>
                <Button
                  variant="text"
                  iconEnd="chevron_right"
                  onClick={props.onNewer}
                  disabled={!props.onNewer || reverting}
                >
                  {t('sidebar.newer_revision')}
                </Button>
              </span>
            )}
            <Button variant="secondary" onClick={onClose} disabled={reverting}>
              {t('sidebar.close')}
            </Button>
            {allowed && (
              <Button
                icon="history"
                onClick={() => (props.dirty ? setAsking(true) : void revert())}
                loading={reverting}
              >
                {t('sidebar.revert')}
              </Button>
            )}
          </>
        }
      >
        <div className="revision-preview">
          <p className="revision-preview__by">
            <UserRef user={props.entry.action_by} />
            <span>{t(`edit.action.${props.entry.action}`)}</span>
          </p>
          {failed && (
            <Notice color="danger" icon="error">
              {t('sidebar.revision_failed')}
            </Notice>
          )}
          {!loaded && !failed && <Spinner label={t('sidebar.revision_loading')} showLabel />}
          {loaded && !snapshot && (
            <Notice color="warning" icon="visibility_off">
              {t('sidebar.revision_failed')}
            </Notice>
          )}
          {view && (
            <>
              <Notice color={view.changed.length ? 'warning' : 'gray'} icon="difference">
                {t('sidebar.revision_changed_count', { count: view.changed.length })}
                {hidden.length > 0 && ` ${t('sidebar.revision_hidden')}`}
              </Notice>
              {!allowed && <p className="revision-preview__note">{t('sidebar.revert_no_permission')}</p>}
              <ItemForm
                fields={readOnlyFields}
                registry={props.registry}
                permissions={props.permissions}
                values={view.values}
                baseline={view.values}
                onStage={noStage}
                services={props.services}
                idPrefix="revision"
                annotations={annotations}
              />
            </>
          )}
        </div>
      </Modal>
      <ConfirmDialog
        open={asking}
        title={t('sidebar.revert_unsaved_title')}
        message={t('sidebar.revert_unsaved_body')}
        confirmLabel={t('sidebar.revert_unsaved_confirm')}
        cancelLabel={t('sidebar.keep_editing')}
        danger
        onConfirm={() => void revert()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
