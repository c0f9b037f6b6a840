import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { FullPageLoader } from './shell/FullPageLoader';
import { NotFoundPage } from './screens/errors/NotFoundPage';
import { BookmarkRedirect } from './shell/BookmarkRedirect';
import { SYSTEM_ALIASES } from './paths';

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

const ActivityPage = lazy(() => import('./screens/activity/ActivityPage'));
const ActivityDetailPage = lazy(() => import('./screens/activity/ActivityDetailPage')) as ComponentType<{
  id: string;
}>;
const FilesLibraryPage = lazy(() => import('./screens/files/FilesLibraryPage'));
const UsersPage = lazy(() => import('./screens/users/UsersPage'));
const ProfilePage = lazy(() => import('./screens/profile/ProfilePage'));

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
        <Route path="/:project/me">
          <ProfilePage />
        </Route>
        <Route path="/:project/bookmarks/:collection/:id">
          {(params) => <BookmarkRedirect collection={params.collection} id={params.id} />}
        </Route>
        {/* The activity log has screens of its own (spec §2), ahead of the generic alias routes. */}
        <Route path="/:project/activity">
          <ActivityPage />
        </Route>
        <Route path="/:project/activity/:id">
          {(params) => <ActivityDetailPage key={params.id} id={params.id} />}
        </Route>
        <Route path="/:project/users">
          <UsersPage />
        </Route>
        {Object.entries(SYSTEM_ALIASES).flatMap(([alias, collection]) => [
          <Route key={alias} path={`/:project/${alias}`}>
            {/* The file library is a screen of its own (folders, uploads) built on the listing. */}
            {collection === 'directus_files' ? (
              <FilesLibraryPage />
            ) : (
              <ItemListingPage key={collection} collection={collection} />
            )}
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
