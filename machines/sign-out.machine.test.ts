import { describeModel } from './model-suite';
import { createActor, fromPromise } from 'xstate';
import { signOutMachine } from './sign-out.machine';

describeModel('sign-out');

function startSignOut(logout: () => Promise<void>) {
  const steps: string[] = [];
  const actor = createActor(
    signOutMachine.provide({
      actors: {
        logout: fromPromise(async () => {
          steps.push('logout');
          await logout();
        }),
        reloadProjects: fromPromise(async () => {
          steps.push('reload projects');
        }),
      },
      actions: {
        markUnauthenticated: (_, { project }) => steps.push(`unauthenticated ${project}`),
        resetState: () => steps.push('reset'),
        goToLogin: () => steps.push('/login'),
      },
    }),
    { input: { project: 'demo' } },
  ).start();
  return { actor, steps };
}

describe('sign-out rules', () => {
  it('confirms, logs out, marks the project, resets, reloads projects, then goes to /login', async () => {
    const { actor, steps } = startSignOut(async () => {});
    actor.send({ type: 'REQUEST' });
    expect(steps).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    await vi.waitFor(() => expect(steps.at(-1)).toBe('/login'));
    expect(steps).toEqual(['logout', 'unauthenticated demo', 'reset', 'reload projects', '/login']);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('does nothing when the confirmation is cancelled', () => {
    const { actor, steps } = startSignOut(async () => {});
    actor.send({ type: 'REQUEST' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(steps).toEqual([]);
  });

  it('keeps the session when the logout call fails', async () => {
    const { actor, steps } = startSignOut(async () => {
      throw new TypeError('Failed to fetch');
    });
    actor.send({ type: 'SIGN_OUT_NOW' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(steps).toEqual(['logout']);
    expect(actor.getSnapshot().context.error?.code).toBe(-1);
  });
});
