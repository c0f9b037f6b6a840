import './catalogs';
import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../errors/NotFoundPage';

/**
 * The settings sections below `/{project}/settings/` (spec §2), each lazy-loaded. The shell mounts this
 * for administrators only; everyone else gets not-found there (and the server refuses them anyway).
 */
const ProjectSettings = lazy(() => import('./global/ProjectSettings'));
// Webhooks are a system collection listed and edited by the generic screens (paths.ts SETTINGS_ALIASES).
const ItemListingPage = lazy(() => import('../listing/ItemListingPage'));
const ItemPage = lazy(() => import('../item/ItemPage'));
const InterfacesList = lazy(() => import('./interfaces/InterfacesList'));
const InterfaceDebugger = lazy(() => import('./interfaces/InterfaceDebugger'));
const RolesList = lazy(() => import('./roles/RolesList'));
const RolePage = lazy(() => import('./roles/RolePage'));
const CollectionsList = lazy(() => import('./collections/CollectionsList'));
const CollectionDetail = lazy(() => import('./collections/CollectionDetail'));

export function SettingsRoutes() {
  return (
    <Switch>
      <Route path="/:project/settings/global">
        <ProjectSettings />
      </Route>
      <Route path="/:project/settings/webhooks">
        <ItemListingPage key="directus_webhooks" collection="directus_webhooks" />
      </Route>
      <Route path="/:project/settings/webhooks/:primaryKey">
        {(params) => (
          <ItemPage
            key={`directus_webhooks/${params.primaryKey}`}
            collection="directus_webhooks"
            primaryKey={params.primaryKey}
          />
        )}
      </Route>
      <Route path="/:project/settings/interfaces">
        <InterfacesList />
      </Route>
      <Route path="/:project/settings/interfaces/:id">
        {(params) => <InterfaceDebugger key={params.id} id={params.id} />}
      </Route>
      <Route path="/:project/settings/roles">
        <RolesList />
      </Route>
      <Route path="/:project/settings/roles/:id">
        {(params) => <RolePage key={params.id} id={params.id} />}
      </Route>
      <Route path="/:project/settings/collections">
        <CollectionsList />
      </Route>
      <Route path="/:project/settings/collections/:collection">
        {(params) => <CollectionDetail key={params.collection} collection={params.collection} />}
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}

export default SettingsRoutes;
