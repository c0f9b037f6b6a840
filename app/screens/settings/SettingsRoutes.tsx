import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../errors/NotFoundPage';

/**
 * The settings sections below `/{project}/settings/` (spec §2), each lazy-loaded. The shell mounts this
 * for administrators only; everyone else gets not-found there (and the server refuses them anyway).
 */
const InterfacesList = lazy(() => import('./interfaces/InterfacesList'));
const InterfaceDebugger = lazy(() => import('./interfaces/InterfaceDebugger'));
const CollectionsList = lazy(() => import('./collections/CollectionsList'));
const CollectionDetail = lazy(() => import('./collections/CollectionDetail'));

export function SettingsRoutes() {
  return (
    <Switch>
      <Route path="/:project/settings/interfaces">
        <InterfacesList />
      </Route>
      <Route path="/:project/settings/interfaces/:id">
        {(params) => <InterfaceDebugger key={params.id} id={params.id} />}
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
