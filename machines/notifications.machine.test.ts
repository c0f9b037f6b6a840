import type { AnyMachineSnapshot } from 'xstate';
import { describeModel } from './model-suite';
import type { NotificationsContext } from './notifications.machine';
import { createActor, SimulatedClock } from 'xstate';
import { notificationsMachine, type Notification } from './notifications.machine';

// EXPIRE is the machine's own delayed event: replay it by letting the notification's delay pass.
describeModel('notifications', {
  execute: (event, { actor, clock }) => {
    if (event.type !== 'EXPIRE') return false;
    const { notifications } = (actor.getSnapshot() as AnyMachineSnapshot).context as NotificationsContext;
    clock.increment(notifications.find((n) => n.id === event.id)!.delay);
    return true;
  },
});

function startNotifications() {
  const clicked: Notification[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    notificationsMachine.provide({
      actions: { runAction: (_, { notification }) => clicked.push(notification) },
    }),
    { clock },
  ).start();
  const titles = () => actor.getSnapshot().context.notifications.map((n) => n.title);
  return { actor, clock, clicked, titles };
}

describe('notification rules', () => {
  it('removes a notification after its delay, 5000 ms by default', () => {
    const { actor, clock, titles } = startNotifications();
    actor.send({ type: 'NOTIFY', notification: { title: 'Item saved' } });
    actor.send({ type: 'NOTIFY', notification: { title: 'Quick', delay: 1000 } });
    clock.increment(1000);
    expect(titles()).toEqual(['Item saved']);
    clock.increment(3999);
    expect(titles()).toEqual(['Item saved']);
    clock.increment(1);
    expect(titles()).toEqual([]);
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('keeps a notification without a positive delay until its action is clicked', () => {
    const { actor, clock, clicked, titles } = startNotifications();
    actor.send({ type: 'NOTIFY', notification: { title: 'Sticky', delay: 0, action: 'open' } });
    clock.increment(60_000);
    expect(titles()).toEqual(['Sticky']);
    actor.send({ type: 'ACTION', id: 1 });
    expect(titles()).toEqual([]);
    expect(clicked.map((n) => n.action)).toEqual(['open']);
  });

  it('cancels the timer of a dismissed notification', () => {
    const { actor, clock, titles } = startNotifications();
    actor.send({ type: 'NOTIFY', notification: { title: 'A', delay: 1000 } });
    actor.send({ type: 'DISMISS', id: 1 });
    actor.send({ type: 'NOTIFY', notification: { title: 'B', delay: 0 } });
    clock.increment(5000);
    expect(titles()).toEqual(['B']);
  });
});
