import { assign, cancel, enqueueActions, setup } from 'xstate';
import { actionNotProvided } from './implementations';

/** Notification default delay, in ms (spec §9). */
export const DEFAULT_NOTIFICATION_DELAY = 5000;

export interface NotificationRequest {
  title: string;
  details?: string;
  color?: string;
  iconMain?: string;
  iconRight?: string;
  /** Milliseconds before it goes away; 0 or less keeps it until dismissed. Defaults to 5000. */
  delay?: number;
  /** When set, clicking the notification runs `runAction` with it and removes it. */
  action?: string;
}

export interface Notification extends NotificationRequest {
  id: number;
  delay: number;
}

export interface NotificationsContext {
  notifications: Notification[];
  nextId: number;
}

export type NotificationsEvent =
  | { type: 'NOTIFY'; notification: NotificationRequest }
  | { type: 'DISMISS'; id: number }
  | { type: 'ACTION'; id: number }
  | { type: 'EXPIRE'; id: number };

const timerId = (id: number) => `expire-${id}`;

function without(context: NotificationsContext, id: number) {
  return context.notifications.filter((n) => n.id !== id);
}

/** The notification stack: each goes away after its delay (if positive) or when its action is clicked. */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actions: {
    runAction: actionNotProvided('notifications', 'runAction') as (
      _: unknown,
      params: { notification: Notification },
    ) => void,
    add: assign(({ context, event }) => {
      if (event.type !== 'NOTIFY') return {};
      const notification: Notification = {
        ...event.notification,
        id: context.nextId,
        delay: event.notification.delay ?? DEFAULT_NOTIFICATION_DELAY,
      };
      return { notifications: [...context.notifications, notification], nextId: context.nextId + 1 };
    }),
    scheduleExpiry: enqueueActions(({ context, enqueue }) => {
      const latest = context.notifications[context.notifications.length - 1];
      enqueue.raise({ type: 'EXPIRE', id: latest.id }, { id: timerId(latest.id), delay: latest.delay });
    }),
    remove: assign({
      notifications: ({ context, event }) =>
        'id' in event ? without(context, event.id) : context.notifications,
    }),
    cancelExpiry: cancel(({ event }) => ('id' in event ? timerId(event.id) : '')),
  },
  guards: {
    expires: ({ event }) =>
      event.type === 'NOTIFY' && (event.notification.delay ?? DEFAULT_NOTIFICATION_DELAY) > 0,
    isShown: ({ context, event }) => 'id' in event && context.notifications.some((n) => n.id === event.id),
    isLastShown: ({ context, event }) =>
      'id' in event && context.notifications.length === 1 && context.notifications[0].id === event.id,
  },
}).createMachine({
  id: 'notifications',
  context: { notifications: [], nextId: 1 },
  initial: 'empty',
  on: {
    NOTIFY: [
      { guard: 'expires', target: '.showing', actions: ['add', 'scheduleExpiry'] },
      { target: '.showing', actions: 'add' },
    ],
  },
  states: {
    empty: {},
    showing: {
      on: {
        EXPIRE: [
          { guard: 'isLastShown', target: 'empty', actions: 'remove' },
          { guard: 'isShown', actions: 'remove' },
        ],
        DISMISS: [
          { guard: 'isLastShown', target: 'empty', actions: ['cancelExpiry', 'remove'] },
          { guard: 'isShown', actions: ['cancelExpiry', 'remove'] },
        ],
        ACTION: [
          {
            guard: 'isLastShown',
            target: 'empty',
            actions: [
              {
                type: 'runAction',
                params: ({ context, event }) => ({
                  notification: context.notifications.find((n) => n.id === event.id)!,
                }),
              },
              'cancelExpiry',
              'remove',
            ],
          },
          {
            guard: 'isShown',
            actions: [
              {
                type: 'runAction',
                params: ({ context, event }) => ({
                  notification: context.notifications.find((n) => n.id === event.id)!,
                }),
              },
              'cancelExpiry',
              'remove',
            ],
          },
        ],
      },
    },
  },
});
