import './catalog';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { DisplayValue } from '../../../engine/displays/DisplayValue';
import { fieldLabel } from '../../../engine/form/labels';
import { Icon } from '../../../ui';
import {
  loadActivityEntry,
  loadPreviousRevision,
  loadRevisionOfActivity,
  type ActivityRevision,
  type Revision,
} from '../../api/activity';
import { useFormat, useLocale, useT } from '../../i18n';
import { collectionName } from '../../names';
import { activityLogHref } from '../../paths';
import { UserRef, type UserValue } from '../../people';
import { Page } from '../../shell/Page';
import { useApi, usePermissionModel, useProjectKey, useRegistry, useSchema } from '../../state/hooks';
import { revisionView } from '../item/revision-diff';
import { ListingState } from '../listing/ListingState';
import {
  activityInstant,
  activityTarget,
  actionIcon,
  actionNameMessage,
  isSignIn,
  type ActivityEntry,
} from './activity-model';
import { useItemTitles } from './use-item-titles';
import './activity.css';

type Row = Record<string, unknown>;

type Load =
  | { state: 'loading' }
  | { state: 'missing' }
  | {
      state: 'loaded';
      entry: ActivityEntry;
      revision: ActivityRevision | null;
      previous: Revision | null;
      hidden: boolean;
    };

/**
 * `/{project}/activity/{id}` (spec §2): one entry of the log — who, what, when, from where (ip, user
 * agent), the item, the comment — and the fields its revision changed, each drawn by the field's display
 * with its value before (the item's previous revision) and after. Read-only.
 */
export default function ActivityDetailPage({ id }: { id: string }) {
  const t = useT();
  const format = useFormat();
  const { locale } = useLocale();
  const project = useProjectKey();
  const schema = useSchema();
  const registry = useRegistry();
  const permissions = usePermissionModel();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const api = useApi();
  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    (async () => {
      let entry: ActivityEntry;
      try {
        entry = (await loadActivityEntry(api, id)) as unknown as ActivityEntry;
        if (!entry || entry.id === undefined) throw new Error('missing');
      } catch {
        if (live) setLoad({ state: 'missing' });
        return;
      }
      let revision: ActivityRevision | null = null;
      let previous: Revision | null = null;
      let hidden = false;
      try {
        revision = await loadRevisionOfActivity(api, entry.id);
        if (revision) previous = await loadPreviousRevision(api, revision);
      } catch {
        // Without revision access the entry still shows; its changes do not.
        hidden = true;
      }
      if (live) setLoad({ state: 'loaded', entry, revision, previous, hidden });
    })();
    return () => {
      live = false;
    };
  }, [api, id]);

  const entries = useMemo(() => (load.state === 'loaded' ? [load.entry] : []), [load]);
  const titles = useItemTitles(entries);
  const crumbs = [{ label: t('activity.title'), href: activityLogHref(project) }];

  if (load.state !== 'loaded') {
    const missing = load.state === 'missing';
    return (
      <Page
        title={missing ? t('activity.detail.not_found_title') : t('activity.state.loading.title')}
        breadcrumb={crumbs}
        className="activity-detail-page"
      >
        <ListingState
          kind={missing ? 'no-results' : 'loading'}
          title={missing ? t('activity.detail.not_found_title') : t('activity.state.loading.title')}
          body={missing ? t('activity.detail.not_found_body') : t('activity.state.loading.body')}
        />
      </Page>
    );
  }

  const { entry, revision, previous } = load;
  const collectionLabel = collectionName(entry.collection, schema.collections[entry.collection], locale);
  const target = activityTarget(project, entry, schema.collections, titles.missing);
  const itemText =
    titles.titles.get(`${entry.collection}/${target.key}`) ?? t('activity.item_key', { key: target.key });
  const name = actionNameMessage(entry.action);
  const actionName = t(name.id, name.values);
  const instant = activityInstant(entry.action_on);

  // The changed fields: those of the revision's delta the caller may read, in form order, with the
  // values before taken from the previous revision's snapshot (revision-diff marks what differs).
  const readable = permissions.readableFields(entry.collection);
  const delta = (revision?.delta ?? null) as Row | null;
  const changedFields = delta
    ? readable.filter((field) => Object.prototype.hasOwnProperty.call(delta, field.field))
    : [];
  const before = (previous?.data ?? null) as Row | null;
  const after = { ...((revision?.data ?? {}) as Row), ...(delta ?? {}) };
  const diff = revisionView(changedFields, after, before ?? {}, () => null);

  const facts: { key: string; label: string; value: ReactNode; wide?: boolean }[] = [
    {
      key: 'who',
      label: t('activity.detail.who'),
      value: <UserRef user={(entry.action_by ?? null) as UserValue} />,
    },
    {
      key: 'what',
      label: t('activity.detail.what'),
      value: (
        <>
          <Icon name={actionIcon(entry.action)} size="small" />
          <span>{actionName}</span>
        </>
      ),
    },
    {
      key: 'when',
      label: t('activity.detail.when'),
      value: instant ? (
        <time dateTime={instant.toISOString()}>
          {format.date(instant, 'long')} ({format.relative(instant)})
        </time>
      ) : (
        t('activity.detail.unknown')
      ),
    },
    { key: 'collection', label: t('activity.detail.collection'), value: collectionLabel },
  ];
  if (target.key && !isSignIn(entry.action))
    facts.push({
      key: 'item',
      label: t('activity.detail.item'),
      value: target.deleted ? (
        <span className="activity-entry__item activity-entry__item--deleted">
          {t('activity.deleted_item')}
        </span>
      ) : target.href ? (
        <Link href={target.href} className="activity-entry__item">
          {itemText}
        </Link>
      ) : (
        <span className="activity-entry__item">{itemText}</span>
      ),
    });
  facts.push({ key: 'ip', label: t('activity.detail.ip'), value: entry.ip || t('activity.detail.unknown') });
  facts.push({
    key: 'user_agent',
    label: t('activity.detail.user_agent'),
    value: entry.user_agent || t('activity.detail.unknown'),
    wide: true,
  });

  // The info sidebar: what this page is, and the rest of the item's story.
  const info = (
    <div className="listing-info">
      <h2 className="listing-info__title">{t('activity.title')}</h2>
      <p className="listing-info__note">{t('activity.info.body')}</p>
      {target.key && !isSignIn(entry.action) && (
        <p>
          <Link
            href={activityLogHref(project, entry.collection, target.key)}
            className="activity-detail__all"
          >
            {t('activity.detail.item_activity')}
          </Link>
        </p>
      )}
    </div>
  );

  return (
    <Page
      title={t('activity.detail.title', { action: actionName, collection: collectionLabel })}
      breadcrumb={crumbs}
      info={info}
      className="activity-detail-page"
    >
      <div className="activity-detail" data-entry={entry.id}>
        <dl className="activity-detail__facts">
          {facts.map((fact) => (
            <div
              key={fact.key}
              data-fact={fact.key}
              className={fact.wide ? 'activity-detail__wide' : undefined}
            >
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
        {(entry.comment || entry.comment_deleted_on) && (
          <section className="activity-detail__section" aria-labelledby="activity-detail-comment">
            <h2 id="activity-detail-comment">{t('activity.detail.comment')}</h2>
            {entry.comment_deleted_on ? (
              <p className="activity-entry__comment activity-entry__comment--deleted">
                {t('activity.comment_deleted')}
              </p>
            ) : (
              <p className="activity-entry__comment">{entry.comment}</p>
            )}
          </section>
        )}
        <section className="activity-detail__section" aria-labelledby="activity-detail-changes">
          <h2 id="activity-detail-changes">{t('activity.detail.changes')}</h2>
          {load.hidden ? (
            <p className="activity-detail__none">{t('activity.detail.changes_hidden')}</p>
          ) : diff.fields.length === 0 ? (
            <p className="activity-detail__none">{t('activity.detail.no_changes')}</p>
          ) : (
            <table className="activity-detail__changes">
              <thead>
                <tr>
                  <th scope="col">{t('activity.detail.field')}</th>
                  <th scope="col">{t('activity.detail.before')}</th>
                  <th scope="col">{t('activity.detail.after')}</th>
                </tr>
              </thead>
              <tbody>
                {diff.fields.map((field) => (
                  <tr key={field.field} data-field={field.field}>
                    <th scope="row">{fieldLabel(field)}</th>
                    <td className={before ? 'activity-detail__before' : 'activity-detail__none'}>
                      {before && Object.prototype.hasOwnProperty.call(before, field.field) ? (
                        <DisplayValue
                          registry={registry}
                          field={field}
                          value={before[field.field]}
                          item={before}
                        />
                      ) : (
                        t('activity.detail.no_previous')
                      )}
                    </td>
                    <td className="activity-detail__after">
                      <DisplayValue
                        registry={registry}
                        field={field}
                        value={diff.values[field.field]}
                        item={after}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </Page>
  );
}
