import { signOutMachine } from './sign-out.machine';
import { entry, done, failed, networkFailure } from './samples';

/** The sign-out machine's example inputs and events, for its model-based tests and the statechart viewer. */
export const signOutSamples = entry({
  name: 'sign-out',
  title: 'Sign-out',
  machine: signOutMachine,
  inputs: { default: { project: 'demo' } },
  sampleEvents: () => [
    { type: 'REQUEST' },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'SIGN_OUT_NOW' },
    { type: 'RETRY' },
    done('logout'),
    failed('logout', networkFailure),
    done('reloadProjects'),
    failed('reloadProjects', networkFailure),
  ],
});
