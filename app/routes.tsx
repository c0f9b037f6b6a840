import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { FullPageLoader } from './shell/FullPageLoader';
import { NotFoundPage } from './screens/errors/NotFoundPage';
import { BookmarkRedirect } from './shell/BookmarkRedirect';

/**
 * The spec's routes (§2), hash mode. Public routes live in App.tsx; this table holds the private ones,
 * mounted inside the shell once the project is hydrated. Screens are lazy-loaded per area.
 */
const CollectionsPage = lazy(() => import('./screens/collections/CollectionsPage'));
const ItemListingPage = lazy(() => import('./screens/listing/ItemListingPage')) as ComponentType<{
  collection: string;
}>;
const ItemPage = lazy(() => import('./screens/item/ItemPage')) as ComponentType<{
  collection: string;
  primaryKey: string;
}>;

export const PUBLIC_PATHS = ['/login', '/reset-password', '/install', '/setup-2fa', '/logout'] as const;

export function isPublicPath(path: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(path);
}

/** The system collections with their own routes: /{project}/files, /users, /activity. */
export const SYSTEM_ALIASES: Record<string, string> = {
  files: 'directus_files',
  users: 'directus_users',
  activity: 'directus_activity',
};

/** Where a collection's listing lives: system collections at their alias, others under /collections. */
export function collectionHref(project: string, collection: string): string {
  const alias = Object.entries(SYSTEM_ALIASES).find(([, name]) => name === collection)?.[0];
  return alias ? `/${project}/${alias}` : `/${project}/collections/${collection}`;
}

export function itemHref(project: string, collection: string, primaryKey: string | number): string {
  return `${collectionHref(project, collection)}/${primaryKey}`;
}

/** Item detail pages (the info sidebar opens by itself there on wide windows). */
export function isItemDetailPath(path: string): boolean {
  const parts = path.split('/').filter(Boolean);
  if (parts.length === 4 && parts[1] === 'collections') return true;
  return parts.length === 3 && parts[1] in SYSTEM_ALIASES;
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageLoader area="content" />}>{children}</Suspense>;
}

export function PrivateRoutes() {
  return (
    <Lazy>
      <Switch>
        <Route path="/:project/collections">
          <CollectionsPage />
        </Route>
        <Route path="/:project/collections/:collection">
          {(params) => <ItemListingPage key={params.collection} collection={params.collection} />}
        </Route>
        <Route path="/:project/collections/:collection/:primaryKey">
          {(params) => (
            <ItemPage
              key={`${params.collection}/${params.primaryKey}`}
              collection={params.collection}
              primaryKey={params.primaryKey}
            />
          )}
        </Route>
        <Route path="/:project/bookmarks/:collection/:id">
          {(params) => <BookmarkRedirect collection={params.collection} id={params.id} />}
        </Route>
        {Object.entries(SYSTEM_ALIASES).flatMap(([alias, collection]) => [
          <Route key={alias} path={`/:project/${alias}`}>
            <ItemListingPage key={collection} collection={collection} />
          </Route>,
          <Route key={`${alias}-item`} path={`/:project/${alias}/:primaryKey`}>
            {(params) => (
              <ItemPage
                key={`${collection}/${params.primaryKey}`}
                collection={collection}
                primaryKey={params.primaryKey}
              />
            )}
          </Route>,
        ])}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Lazy>
  );
}
