import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Redirect, Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { StatechartViewer } from './statecharts/StatechartViewer';

/**
 * The admin app's entry. For now it only mounts the statechart viewer at #/statecharts; the app's screens
 * join this switch as they are built.
 */
function App() {
  return (
    <Router hook={useHashLocation}>
      <Switch>
        <Route path="/statecharts">
          <StatechartViewer />
        </Route>
        <Route path="/statecharts/:name">{(params) => <StatechartViewer name={params.name} />}</Route>
        <Route>
          <Redirect to="/statecharts" replace />
        </Route>
      </Switch>
    </Router>
  );
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
