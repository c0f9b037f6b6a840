import type { ReactElement } from 'react';
import { Link } from 'wouter';
import { Avatar, HoverCard } from '../../ui';
import type { UserCardWrapper } from '../../engine/displays/user-card';
import { useT } from '../i18n';
import { itemHref } from '../paths';
import { useApi, usePermissionModel, useProjectKey } from '../state/hooks';
import { useUser } from './user-cache';
import { avatarUrl, userDisplayName, userIdOf, userRecordOf, type UserValue } from './user-display';
import './people.css';

/** What the card shows of one user: picture, name, title and company, with the spec's fallbacks (§9). */
export function UserCard({ user }: { user: UserValue }) {
  const t = useT();
  const api = useApi();
  const load = useUser(api, userIdOf(user), userRecordOf(user));
  const record = load.user;
  const name = userDisplayName(record) ?? t('edit.unknown_user');
  const title = typeof record?.title === 'string' && record.title.trim() ? record.title : null;
  const company = typeof record?.company === 'string' && record.company.trim() ? record.company : null;
  return (
    <div className="user-card" aria-busy={load.state === 'loading'}>
      <Avatar name={name} src={avatarUrl(record?.avatar, api.root, api.project)} size="large" />
      <div className="user-card__text">
        <strong className="user-card__name">{name}</strong>
        <span className={title ? 'user-card__title' : 'user-card__title user-card__fallback'}>
          {title ?? t('sidebar.no_title')}
        </span>
        <span className={company ? 'user-card__company' : 'user-card__company user-card__fallback'}>
          {company ?? t('sidebar.no_company')}
        </span>
      </div>
    </div>
  );
}

/**
 * The user hover card (spec §2, §9): after 300 ms over (or focus on) `children` — a focusable element
 * naming or picturing the user — a card with the user's picture, name, title and company. The user is
 * loaded (`GET /users/{id}`, cached) only when the card opens.
 */
export function UserHoverCard({
  user,
  children,
}: {
  user: UserValue;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}) {
  return <HoverCard content={() => <UserCard user={user} />}>{children}</HoverCard>;
}

/**
 * A user's avatar and name, with the hover card: a link to the user's page when the caller may open
 * it. A bare id (the caller could not read the user with the row) is looked up by id; a user who
 * cannot be read at all shows as "Unknown user".
 */
export function UserRef({ user, size = 'small' }: { user: UserValue; size?: 'small' | 'medium' }) {
  const t = useT();
  const api = useApi();
  const project = useProjectKey();
  const permissions = usePermissionModel();
  const id = userIdOf(user);
  const known = userRecordOf(user);
  // Only a bare id needs the request for the name; an object already carries it.
  const load = useUser(api, id, known, known === null);
  const record = known ?? load.user;
  const name = userDisplayName(record) ?? t('edit.unknown_user');
  const content = (
    <>
      <Avatar name={name} src={avatarUrl(record?.avatar, api.root, api.project)} size={size} />
      <span className="user-ref__name">{name}</span>
    </>
  );
  if (id === null) {
    return <span className="user-ref user-ref--unknown">{content}</span>;
  }
  const href = permissions.mayBrowse('directus_users') ? itemHref(project, 'directus_users', id) : null;
  return (
    <UserHoverCard user={record ? { ...record, id } : id}>
      {href ? (
        <Link href={href} className="user-ref">
          {content}
        </Link>
      ) : (
        <button type="button" className="user-ref">
          {content}
        </button>
      )}
    </UserHoverCard>
  );
}

/** The engine's user displays ask the app for the card through this (engine/displays/user-card.ts). */
export const wrapInUserCard: UserCardWrapper = (user, anchor) => (
  <UserHoverCard user={user as UserValue}>{anchor}</UserHoverCard>
);
