import { hydrationMachine } from './hydration.machine';
import { entry, done, failed, networkFailure, serverError } from './samples';

/** The hydration machine's example inputs and events, for its model-based tests and the statechart viewer. */
export const hydrationSamples = entry({
  name: 'hydration',
  title: 'Start-up hydration',
  machine: hydrationMachine,
  inputs: { default: { project: 'demo', browserLanguage: 'en-US' } },
  sampleEvents: () => [
    { type: 'HYDRATE' },
    { type: 'RETRY' },
    { type: 'RESET' },
    { type: 'UPDATE', data: { schema: 'refreshed' } },
    done('loadBasics', { user: { id: 1, locale: 'de-DE' }, projectDefaultLocale: 'fr-FR' }),
    failed('loadBasics', networkFailure),
    done('loadData', { schema: 'loaded' }),
    failed('loadData', serverError(11, 'Can Not Reach Database')),
    done('loadPermissions', { schema: 'loaded', permissions: null }),
    failed('loadPermissions', serverError(11, 'Can Not Reach Database')),
  ],
});
