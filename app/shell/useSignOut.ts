import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { signOutMachine } from '../../machines/sign-out.machine';
import { createApiClient } from '../api/client';
import { useProjects } from '../state/projects';
import { registerLiveActor } from '../statecharts/live-actors';

/**
 * The sign-out machine wired to the API: logout, mark the project unauthenticated, reset the app's state,
 * reload the projects, go to /login (spec §4). `onReset` drops whatever the caller holds for the session.
 */
export function useSignOut(project: string, onReset?: () => void) {
  const projects = useProjects();
  const [, navigate] = useLocation();
  const { root, markUnauthenticated, reload } = projects;
  const machine = useMemo(
    () =>
      signOutMachine.provide({
        actors: {
          logout: fromPromise(async ({ input }) => {
            await createApiClient(root, input.project).post('auth/logout');
          }),
          reloadProjects: fromPromise(() => reload()),
        },
        actions: {
          markUnauthenticated: (_, params) => markUnauthenticated(params.project),
          resetState: () => {
            onReset?.();
          },
          goToLogin: () => navigate('/login', { replace: true }),
        },
      }),
    [root, markUnauthenticated, reload, navigate, onReset],
  );
  const actor = useActorRef(machine, { input: { project } });
  useEffect(() => registerLiveActor('sign-out', actor), [actor]);
  const state = useSelector(actor, (s) => ({ value: s.value as string, error: s.context.error }));
  return { actor, state };
}
