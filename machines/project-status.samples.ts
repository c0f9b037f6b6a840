import { projectStatusMachine } from './project-status.machine';
import { entry, done, failed, serverError } from './samples';

/** The project-status machine's example inputs and events, for its model-based tests and the statechart viewer. */
export const projectStatusSamples = entry({
  name: 'project-status',
  title: 'Project status',
  machine: projectStatusMachine,
  inputs: { default: { key: 'demo' } },
  sampleEvents: () => [
    { type: 'RELOAD' },
    done('fetchProjectInfo', { project_name: 'Demo', requires2FA: false }),
    failed('fetchProjectInfo', serverError(11, 'Can Not Reach Database')),
  ],
});
