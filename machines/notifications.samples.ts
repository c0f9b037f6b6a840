import { notificationsMachine } from './notifications.machine';
import { entry } from './samples';

/** The notifications machine's example inputs and events, for its model-based tests and the statechart viewer. */
export const notificationsSamples = entry({
  name: 'notifications',
  title: 'Notifications',
  machine: notificationsMachine,
  inputs: { default: undefined },
  sampleEvents: (snapshot) => {
    const { notifications, nextId } = snapshot.context;
    // Three notifications per walk keep the explored graph finite; one timed at a time keeps timers distinct.
    const canAdd = nextId <= 3;
    const timedShown = notifications.some((n) => n.delay > 0);
    return [
      ...(canAdd && !timedShown
        ? [{ type: 'NOTIFY', notification: { title: 'Item saved', delay: 3000 } }]
        : []),
      ...(canAdd
        ? [
            {
              type: 'NOTIFY',
              notification: { title: 'Save failed', color: 'danger', delay: 0, action: 'retry' },
            },
          ]
        : []),
      ...notifications.flatMap((n) => [
        { type: 'DISMISS', id: n.id },
        { type: 'ACTION', id: n.id },
        ...(n.delay > 0 ? [{ type: 'EXPIRE', id: n.id }] : []),
      ]),
    ];
  },
});
