// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise } from 'xstate';
import { machineCatalog } from '../../machines/catalog';
import { loginMachine } from '../../machines/login.machine';
import { registerLiveActor } from './live-actors';
import { StatechartViewer } from './StatechartViewer';

function renderViewer(name: string) {
  const { hook } = memoryLocation({ path: `/statecharts/${name}` });
  // StrictMode mounts twice in development: the detached copy must survive it.
  return render(
    <StrictMode>
      <Router hook={hook}>
        <StatechartViewer name={name} />
      </Router>
    </StrictMode>,
  );
}

const activeStates = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-state][data-active]')].map((el) => el.getAttribute('data-state'));

afterEach(cleanup);

describe('statechart viewer', () => {
  it('lists every machine and draws the chosen one', () => {
    const { container } = renderViewer('login');
    const nav = screen.getByRole('navigation', { name: 'Machines' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(machineCatalog.map((e) => e.title));
    expect(screen.getByRole('img', { name: 'Login' })).toBeTruthy();
    const states = [...container.querySelectorAll('[data-state]')].map((el) => el.getAttribute('data-state'));
    expect(states).toEqual(expect.arrayContaining(['login.idle', 'login.signingIn', 'login.twoFactorSetup']));
    expect(container.textContent).toContain('error: signIn [needsTwoFactorSetup]');
  });

  it('steps a detached copy with the events its state accepts', () => {
    const { container } = renderViewer('login');
    expect(screen.getByTestId('detached-state').textContent).toBe('idle');
    expect(activeStates(container)).toContain('login.idle');
    expect(screen.queryByRole('button', { name: /^done: signIn/ })).toBeNull();
    fireEvent.click(
      screen.getByRole('button', { name: 'SUBMIT {"email":"admin@example.com","password":"password"}' }),
    );
    expect(screen.getByTestId('detached-state').textContent).toBe('signingIn');
    expect(activeStates(container)).toContain('login.signingIn');
    fireEvent.click(screen.getByRole('button', { name: /^error: signIn .*113/ }));
    expect(screen.getByTestId('detached-state').textContent).toBe('twoFactorSetup (done)');
    expect(screen.getByText('No events enabled.')).toBeTruthy();
  });

  it('highlights the state of a live actor of the running app', async () => {
    const actor = createActor(
      loginMachine.provide({
        actors: { signIn: fromPromise(() => new Promise<unknown>(() => {})) },
      }),
      { input: { project: 'demo' } },
    ).start();
    const unregister = registerLiveActor('login', actor);
    const { container } = renderViewer('login');
    const live = screen.getByRole('radio', { name: /login#\d+: idle/ });
    fireEvent.click(live);
    act(() => actor.send({ type: 'SUBMIT', email: 'a@b.c', password: 'pw' }));
    expect(activeStates(container)).toContain('login.signingIn');
    expect(screen.getByRole('radio', { name: /login#\d+: signingIn/ })).toBeTruthy();
    act(() => unregister());
    expect(screen.queryByRole('radio', { name: /login#/ })).toBeNull();
    expect(activeStates(container)).toContain('login.idle');
    actor.stop();
  });
});
