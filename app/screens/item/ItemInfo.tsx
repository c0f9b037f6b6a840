import { useCallback, useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { loadItemActivity, postComment, type ActivityRow } from '../../api/activity';
import type { ApiClient } from '../../api/client';
import type { FieldDefinition } from '../../../engine/types';
import { Button } from '../../../ui';
import { useFormat, useT } from '../../i18n';

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
}

const typeOf = (field: FieldDefinition) => String(field.type).toLowerCase();

function userName(value: unknown, fallback: string): string {
  if (value && typeof value === 'object') {
    const user = value as { first_name?: string; last_name?: string; email?: string };
    const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
    return name || user.email || fallback;
  }
  return value === null || value === undefined ? fallback : `#${String(value)}`;
}

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
  const unknown = t('edit.unknown_user');

  const rows: { label: string; value: string }[] = [
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
      value: userName(props.item[stamps.createdBy.field], unknown),
    });
  const updated = date(stamps.updated);
  if (updated) rows.push({ label: t('edit.info_updated'), value: updated });
  if (stamps.updatedBy && props.item[stamps.updatedBy.field] != null)
    rows.push({
      label: t('edit.info_updated_by'),
      value: userName(props.item[stamps.updatedBy.field], unknown),
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
}) {
  const { api, collection, primaryKey } = props;
  const t = useT();
  const format = useFormat();
  const [entries, setEntries] = useState<ActivityRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [comment, setComment] = useState('');
  const [posting, setPosting] = useState(false);

  const load = useCallback(() => {
    let live = true;
    loadItemActivity(api, collection, primaryKey).then(
      (rows) => {
        if (!live) return;
        setEntries(rows);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api, collection, primaryKey]);

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
        {(entries ?? []).map((entry) => (
          <li key={entry.id} className={`item-activity__entry item-activity__entry--${entry.action}`}>
            <div className="item-activity__head">
              <strong>{userName(entry.action_by, t('edit.unknown_user'))}</strong>
              <span>{t(`edit.action.${entry.action}`)}</span>
            </div>
            <time dateTime={entry.action_on}>
              {entry.action_on ? format.date(entry.action_on, 'medium') : ''}
            </time>
            {entry.comment && <p className="item-activity__text">{entry.comment.replace(/#/g, '')}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
