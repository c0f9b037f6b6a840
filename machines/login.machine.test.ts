import { describeModel } from './model-suite';
import { createActor, fromPromise } from 'xstate';
import { loginMachine, type SessionData, type SignInRequest } from './login.machine';

describeModel('login');

function startLogin(signIn: (request: SignInRequest) => Promise<unknown>, redirect: string | null = null) {
  const effects: string[] = [];
  const requests: SignInRequest[] = [];
  const actor = createActor(
    loginMachine.provide({
      actors: {
        signIn: fromPromise(({ input }: { input: SignInRequest }) => {
          requests.push(input);
          return signIn(input);
        }),
        fetchSessionData: fromPromise<SessionData, { project: string }>(async () => ({
          lastPage: '/demo/files',
        })),
      },
      actions: {
        enterApp: (_, params) => effects.push(`enter ${params.to}`),
        goToTwoFactorSetup: () => effects.push('setup-2fa'),
      },
    }),
    { input: { project: 'demo', redirect } },
  ).start();
  return { actor, effects, requests };
}

describe('login rules', () => {
  it('needs an email and a password before signing in', () => {
    const { actor, requests } = startLogin(async () => ({}));
    actor.send({ type: 'SUBMIT', email: ' ', password: 'x' });
    actor.send({ type: 'SUBMIT', email: 'a@b.c', password: '' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(requests).toEqual([]);
  });

  it('turns on the one-time code on 111 and sends the code only when it has six characters', async () => {
    const { actor, requests, effects } = startLogin(async (request) => {
      if (!request.otp) throw { error: { code: 111, message: 'Enter One-Time Password' } };
      return {};
    });
    actor.send({ type: 'SUBMIT', email: 'a@b.c', password: 'pw', otp: '12345' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.otpRequired).toBe(true));
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error?.code).toBe(111);
    expect(actor.getSnapshot().context.password).toBe('');
    expect(requests[0]).not.toHaveProperty('otp');
    actor.send({ type: 'SUBMIT', email: 'a@b.c', password: 'pw', otp: '123456' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('enteringApp'));
    expect(requests[1]).toMatchObject({ otp: '123456', mode: 'cookie', project: 'demo' });
    expect(effects).toEqual(['enter /demo/files']);
  });

  it('goes to 2FA setup on 113', async () => {
    const { actor, effects } = startLogin(async () => {
      throw { error: { code: 113, message: '2FA required' } };
    });
    actor.send({ type: 'SUBMIT', email: 'a@b.c', password: 'pw' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('twoFactorSetup'));
    expect(effects).toEqual(['setup-2fa']);
  });

  it('keeps other codes, and records -1 when the API cannot be reached', async () => {
    const wrong = startLogin(async () => {
      throw { error: { code: 100, message: 'Incorrect Email/Password' } };
    });
    wrong.actor.send({ type: 'SUBMIT', email: 'a@b.c', password: 'pw' });
    await vi.waitFor(() => expect(wrong.actor.getSnapshot().context.error?.code).toBe(100));
    expect(wrong.actor.getSnapshot().context.otpRequired).toBe(false);
    const offline = startLogin(async () => {
      throw new TypeError('Failed to fetch');
    });
    offline.actor.send({ type: 'SUBMIT', email: 'a@b.c', password: 'pw' });
    await vi.waitFor(() => expect(offline.actor.getSnapshot().context.error?.code).toBe(-1));
    expect(offline.actor.getSnapshot().value).toBe('idle');
  });

  it('enters at the redirect query before the last page', async () => {
    const { actor, effects } = startLogin(async () => ({}), '/demo/collections/articles/3');
    actor.send({ type: 'SUBMIT', email: 'a@b.c', password: 'pw' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(effects).toEqual(['enter /demo/collections/articles/3']);
  });
});
