import { loginMachine } from './login.machine';
import { entry, done, failed, networkFailure, serverError } from './samples';

/** The login machine's example inputs and events, for its model-based tests and the statechart viewer. */
export const loginSamples = entry({
  name: 'login',
  title: 'Login',
  machine: loginMachine,
  inputs: {
    default: { project: 'demo', redirect: null },
    redirected: { project: 'demo', redirect: '/demo/files' },
  },
  sampleEvents: () => [
    { type: 'SUBMIT', email: 'admin@example.com', password: 'password' },
    { type: 'SUBMIT', email: 'admin@example.com', password: 'password', otp: '123456' },
    { type: 'SUBMIT', email: 'admin@example.com', password: '' },
    { type: 'CLEAR_ERROR' },
    { type: 'CHANGE_PROJECT', project: 'other' },
    done('signIn', {}),
    failed('signIn', serverError(111, 'Enter One-Time Password')),
    failed('signIn', serverError(113, '2FA enforced but not activated for user')),
    failed('signIn', serverError(100, 'Incorrect Email/Password')),
    failed('signIn', networkFailure),
    done('fetchSessionData', { lastPage: '/demo/collections/articles' }),
    done('fetchSessionData', { lastPage: null }),
    failed('fetchSessionData', networkFailure),
  ],
});
