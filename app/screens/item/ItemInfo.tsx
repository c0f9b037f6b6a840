import { useCallback, useEffect, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { loadItemActivity, loadRevisionRefs, postComment, type ActivityRow } from '../../api/activity';
import type { ApiClient } from '../../api/client';
import type { FormServices } from '../../../engine/components/contract';
import type { DefinitionRegistry } from '../../../engine/registry/registry';
import type { FieldDefinition, FieldPermissions } from '../../../engine/types';
import { Button, Tooltip } from '../../../ui';
import { useFormat, useT } from '../../i18n';
import { UserRef, type UserValue } from '../../people';
import { activityLogHref } from '../../paths';
import { useProjectKey } from '../../state/hooks';
import { Link } from 'wouter';
import { RevisionPreview } from './RevisionPreview';

type Row = Record<string, unknown>;

export interface ItemInfoProps {
  api: ApiClient;
  collection: string;
  collectionLabel: string;
  fields: FieldDefinition[];
  item: Row;
  /** The item's key; null for a new item or a batch edit (no activity to show). */
  primaryKey: string | null;
  canReadActivity: boolean;
  canComment: boolean;
  /** Changes after every load and save (the saved item), so the activity reloads. */
  version: unknown;
  /** Revision previews and revert; without it the activity lists no revisions. */
  revisions?: RevisionSupport;
}

/** What the revision preview needs from the item page. */
export interface RevisionSupport {
  registry: DefinitionRegistry;
  /** The form's fields and the caller's field permissions, as the page's form draws them. */
  fields: FieldDefinition[];
  permissions: FieldPermissions | null;
  services?: FormServices;
  /** Whether the caller may restore a snapshot (update permission on the item, its status allowed). */
  mayRevert: (snapshot: Row) => boolean;
  /** The page holds unsaved changes (a revert asks first). */
  dirty: boolean;
  /** After a revert: reload the item (the activity follows, through `version`). */
  onReverted: () => void;
}

/** The spec's revision tooltip delay (§9): the preview hint waits 1500 ms. */
const REVISION_TOOLTIP_DELAY = { show: 1500, hide: 0 } as const;

const typeOf = (field: FieldDefinition) => String(field.type).toLowerCase();

/** Which fields say when and by whom the item was created and last changed. */
function stampFields(collection: string, fields: FieldDefinition[]) {
  const byType = (type: string) => fields.find((field) => typeOf(field) === type);
  const byName = (name: string) => fields.find((field) => field.field === name);
  const files = collection === 'directus_files';
  return {
    created: byType('datetime_created') ?? (files ? byName('uploaded_on') : undefined),
    createdBy: byType('owner') ?? (files ? byName('uploaded_by') : undefined),
    updated: byType('datetime_updated'),
    updatedBy: byType('user_updated'),
  };
}

/** The info sidebar of the item page: what the item is, its stamps, its activity and comments. */
export function ItemInfo(props: ItemInfoProps) {
  const t = useT();
  const format = useFormat();
  const stamps = stampFields(props.collection, props.fields);

  const rows: { label: string; value: ReactNode }[] = [
    { label: t('edit.info_collection'), value: props.collectionLabel },
  ];
  if (props.primaryKey) rows.push({ label: t('edit.info_primary_key'), value: props.primaryKey });
  const date = (field?: FieldDefinition) => {
    const value = field ? props.item[field.field] : null;
    return typeof value === 'string' && value ? format.date(value, 'long') : null;
  };
  const created = date(stamps.created);
  if (created) rows.push({ label: t('edit.info_created'), value: created });
  if (stamps.createdBy && props.item[stamps.createdBy.field] != null)
    rows.push({
      label: t('edit.info_created_by'),
      value: <UserRef user={props.item[stamps.createdBy.field] as UserValue} />,
    });
  const updated = date(stamps.updated);
  if (updated) rows.push({ label: t('edit.info_updated'), value: updated });
  if (stamps.updatedBy && props.item[stamps.updatedBy.field] != null)
    rows.push({
      label: t('edit.info_updated_by'),
      value: <UserRef user={props.item[stamps.updatedBy.field] as UserValue} />,
    });

  return (
    <div className="item-info">
      <h2 className="item-info__title">{t('edit.info_title')}</h2>
      <dl className="item-info__list">
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {props.primaryKey && props.canReadActivity && (
        <ActivityList
          api={props.api}
          collection={props.collection}
          primaryKey={props.primaryKey}
          canComment={props.canComment}
          version={props.version}
          current={props.item}
          revisions={props.revisions}
        />
      )}
    </div>
  );
}

function ActivityList(props: {
  api: ApiClient;
  collection: string;
  primaryKey: string;
  canComment: boolean;
  version: unknown;
  current: Row;
  revisions?: RevisionSupport;
}) {
  const { api, collection, primaryKey } = props;
  const withRevisions = props.revisions !== undefined;
  const t = useT();
  const format = useFormat();
  const project = useProjectKey();
  const [entries, setEntries] = useState<ActivityRow[] | null>(null);
  const [revisionOf, setRevisionOf] = useState<Map<number, number>>(() => new Map());
  const [failed, setFailed] = useState(false);
  const [comment, setComment] = useState('');
  const [posting, setPosting] = useState(false);
  const [preview, setPreview] = useState<{ entry: ActivityRow; revision: number } | null>(null);
  // Relative times ("5 minutes ago") move on while the page stays open.
  const [, setClock] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setClock((tick) => tick + 1), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  const load = useCallback(() => {
    let live = true;
    loadItemActivity(api, collection, primaryKey).then(
      (rows) => {
        if (!live) return;
        setEntries(rows);
        setFailed(false);
        if (!withRevisions) return;
        // Which entries recorded a revision; without revision access the entries simply offer none.
        loadRevisionRefs(
          api,
          collection,
          primaryKey,
          rows.map((row) => row.id),
        ).then(
          (refs) => live && setRevisionOf(refs),
          () => live && setRevisionOf(new Map()),
        );
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api, collection, primaryKey, withRevisions]);

  useEffect(() => load(), [load, props.version]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = comment.trim();
    if (!text || posting) return;
    setPosting(true);
    try {
      await postComment(api, collection, primaryKey, text);
      setComment('');
      load();
    } catch {
      setFailed(true);
    } finally {
      setPosting(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit();
  };

  // Entries come newest first: the first one with a revision is the item as it is now.
  const latest = (entries ?? []).find((entry) => revisionOf.has(entry.id))?.id;
  // The revisions a preview can show, newest first (the latest is the item itself).
  const previewable = (entries ?? []).filter((entry) => revisionOf.has(entry.id) && entry.id !== latest);
  const previewAt = preview ? previewable.findIndex((entry) => entry.id === preview.entry.id) : -1;
  const showAt = (index: number) => {
    const entry = previewable[index];
    if (entry) setPreview({ entry, revision: revisionOf.get(entry.id)! });
  };

  return (
    <section className="item-activity" aria-label={t('edit.activity')}>
      <h3>{t('edit.activity')}</h3>
      {props.canComment && (
        <form className="item-activity__comment" onSubmit={submit}>
          <textarea
            className="octavo-textarea"
            aria-label={t('edit.comment_placeholder')}
            placeholder={t('edit.comment_placeholder')}
            value={comment}
            rows={2}
            onChange={(event) => setComment(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button type="submit" variant="secondary" size="small" disabled={!comment.trim()} loading={posting}>
            {t('edit.comment_submit')}
          </Button>
        </form>
      )}
      {failed && <p className="item-activity__error">{t('edit.activity_failed')}</p>}
      {entries && entries.length === 0 && <p className="item-activity__empty">{t('edit.activity_empty')}</p>}
      <ol className="item-activity__list">
        {(entries ?? []).map((entry) => {
          const revision = revisionOf.get(entry.id);
          const absolute = entry.action_on ? format.date(entry.action_on, 'long') : '';
          return (
            <li key={entry.id} className={`item-activity__entry item-activity__entry--${entry.action}`}>
              <div className="item-activity__head">
                <UserRef user={entry.action_by} />
              </div>
              <div className="item-activity__meta">
                <span className="item-activity__action">{t(`edit.action.${entry.action}`)}</span>
                {entry.action_on && (
                  <Tooltip label={absolute} placement="bottom" describe={false}>
                    <time dateTime={entry.action_on} tabIndex={0} aria-label={absolute}>
                      {format.relative(entry.action_on)}
                    </time>
                  </Tooltip>
                )}
                {revision !== undefined &&
                  (entry.id === latest ? (
                    <span className="item-activity__current">{t('sidebar.current_revision')}</span>
                  ) : (
                    <Tooltip label={t('sidebar.revision_tooltip')} delay={REVISION_TOOLTIP_DELAY}>
                      <button
                        type="button"
                        className="item-activity__revision"
                        aria-label={t('sidebar.preview_revision_label', { date: absolute })}
                        onClick={() => setPreview({ entry, revision })}
                      >
                        {t('sidebar.preview_revision')}
                      </button>
                    </Tooltip>
                  ))}
              </div>
              {entry.comment && <p className="item-activity__text">{entry.comment.replace(/#/g, '')}</p>}
            </li>
          );
        })}
      </ol>
      <Link href={activityLogHref(project, collection, primaryKey)} className="item-activity__all">
        {t('info.notifications_link')}
      </Link>
      {preview && props.revisions && (
        <RevisionPreview
          api={api}
          registry={props.revisions.registry}
          collection={collection}
          primaryKey={primaryKey}
          entry={preview.entry}
          revision={preview.revision}
          fields={props.revisions.fields}
          permissions={props.revisions.permissions}
          services={props.revisions.services}
          current={props.current}
          mayRevert={props.revisions.mayRevert}
          dirty={props.revisions.dirty}
          onClose={() => setPreview(null)}
          onNewer={previewAt > 0 ? () => showAt(previewAt - 1) : undefined}
          onOlder={
            previewAt >= 0 && previewAt < previewable.length - 1 ? () => showAt(previewAt + 1) : undefined
          }
          onReverted={props.revisions.onReverted}
        />
      )}
    </section>
  );
}
