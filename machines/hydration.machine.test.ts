import { describeModel } from './model-suite';
import { createActor, fromPromise } from 'xstate';
import {
  hydrationMachine,
  pickLanguage,
  type HydrationBasics,
  type HydrationUser,
} from './hydration.machine';

describeModel('hydration');

function startHydration(fail?: 'loadBasics' | 'loadData' | 'loadPermissions') {
  const steps: string[] = [];
  const step = <TOutput, TInput>(name: string, output: TOutput) =>
    fromPromise<TOutput, TInput>(async () => {
      steps.push(name);
      if (fail === name) throw { error: { code: 11, message: 'Can Not Reach Database' } };
      return output;
    });
  const actor = createActor(
    hydrationMachine.provide({
      actors: {
        loadBasics: step<HydrationBasics, { project: string }>('loadBasics', {
          user: { id: 1, locale: null },
          projectDefaultLocale: 'fr-FR',
        }),
        loadData: step<unknown, { project: string; locale: string; user: HydrationUser }>('loadData', {
          schema: 'loaded',
        }),
        loadPermissions: fromPromise<unknown, { project: string; user: HydrationUser; loaded: unknown }>(
          async ({ input }) => {
            steps.push('loadPermissions');
            if (fail === 'loadPermissions') throw { error: { code: 11, message: 'Can Not Reach Database' } };
            return { app: 'data', from: input.loaded };
          },
        ),
      },
      actions: {
        applyLanguage: (_, { locale }) => steps.push(`language ${locale}`),
        logFailure: (_, { error }) => steps.push(`logged ${error.code}`),
      },
    }),
    { input: { project: 'demo', browserLanguage: 'nl-NL' } },
  ).start();
  actor.send({ type: 'HYDRATE' });
  return { actor, steps };
}

describe('hydration rules', () => {
  it('picks the user locale, else the project default, else the browser language', () => {
    expect(pickLanguage({ id: 1, locale: 'de-DE' }, 'fr-FR', 'nl-NL')).toBe('de-DE');
    expect(pickLanguage({ id: 1, locale: null }, 'fr-FR', 'nl-NL')).toBe('fr-FR');
    expect(pickLanguage({ id: 1 }, null, 'nl-NL')).toBe('nl-NL');
  });

  it('ignores a code without a catalog and matches the browser language to one', () => {
    const locales = ['en-US', 'de-DE', 'fr-FR', 'nl-NL', 'es-ES', 'es-419'];
    expect(pickLanguage({ id: 1, locale: 'xx-YY' }, 'fr-FR', 'nl-NL', locales)).toBe('fr-FR');
    expect(pickLanguage({ id: 1 }, null, 'de', locales)).toBe('de-DE');
    expect(pickLanguage({ id: 1 }, null, 'es-MX', locales)).toBe('es-419');
    expect(pickLanguage(null, null, 'sw', locales)).toBe('en-US');
  });

  it('runs the steps in order and ends hydrated', async () => {
    const { actor, steps } = startHydration();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('hydrated'));
    expect(steps).toEqual(['loadBasics', 'language fr-FR', 'loadData', 'loadPermissions']);
    expect(actor.getSnapshot().context).toMatchObject({
      hydrated: true,
      hydrationFailed: false,
      locale: 'fr-FR',
      // Each step's output lands in the context: the app renders from the machine, not from a ref.
      data: { app: 'data', from: { schema: 'loaded' } },
    });
    actor.send({ type: 'UPDATE', data: { app: 'refreshed' } });
    expect(actor.getSnapshot().context.data).toEqual({ app: 'refreshed' });
  });

  it.each(['loadBasics', 'loadData', 'loadPermissions'] as const)(
    'records hydration failed when %s fails',
    async (name) => {
      const { actor, steps } = startHydration(name);
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
      expect(actor.getSnapshot().context).toMatchObject({
        hydrated: false,
        hydrationFailed: true,
        error: { code: 11 },
      });
      expect(steps.at(-1)).toBe('logged 11');
    },
  );
});
