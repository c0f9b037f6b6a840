import { createActor, fromPromise } from 'xstate';
import { describeModel } from './model-suite';
import { projectStatusMachine } from './project-status.machine';

describeModel('project-status');

describe('project status', () => {
  it('loads, fails with the server message, and reloads to success', async () => {
    let attempt = 0;
    const actor = createActor(
      projectStatusMachine.provide({
        actors: {
          fetchProjectInfo: fromPromise(async () => {
            attempt += 1;
            if (attempt === 1) throw { error: { code: 11, message: 'Can Not Reach Database' } };
            return { project_name: 'Demo' };
          }),
        },
      }),
      { input: { key: 'demo' } },
    ).start();
    expect(actor.getSnapshot().value).toBe('loading');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ code: 11, message: 'Can Not Reach Database' });
    actor.send({ type: 'RELOAD' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('successful'));
    expect(actor.getSnapshot().context).toMatchObject({ data: { project_name: 'Demo' }, error: null });
  });

  it('fails loudly when the app did not provide the fetch', async () => {
    const actor = createActor(projectStatusMachine, { input: { key: 'demo' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.error?.message).toMatch(/fetchProjectInfo" was not provided/);
  });
});
