import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import {
  notificationsMachine,
  type Notification,
  type NotificationRequest,
} from '../../machines/notifications.machine';
import { NotifyContext } from '../state/context';
import { registerLiveActor } from '../statecharts/live-actors';
import { useT } from '../i18n';
import { Icon } from '../../ui/Icon';
import { IconButton } from '../../ui/IconButton';
import './notifications.css';

type Actions = Map<string, () => void>;
const ActionsContext = createContext<Actions | null>(null);

const ICONS: Record<string, string> = {
  success: 'check_circle',
  danger: 'error',
  warning: 'warning',
  info: 'info',
};

/** The notification stack (notifications machine); `useNotify()` adds to it from anywhere in the app. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const actions = useRef<Actions>(new Map());
  const machine = useMemo(
    () =>
      notificationsMachine.provide({
        actions: {
          runAction: (_, params) => {
            const key = params.notification.action;
            if (!key) return;
            actions.current.get(key)?.();
            actions.current.delete(key);
          },
        },
      }),
    [],
  );
  const actor = useActorRef(machine);
  useEffect(() => registerLiveActor('notifications', actor), [actor]);
  const notify = useCallback(
    (n: NotificationRequest & { onClick?: () => void }) => {
      const { onClick, ...request } = n;
      let action: string | undefined;
      if (onClick) {
        action = `action-${Math.random().toString(36).slice(2)}`;
        actions.current.set(action, onClick);
      }
      actor.send({ type: 'NOTIFY', notification: { ...request, ...(action ? { action } : {}) } });
    },
    [actor],
  );
  const notifications = useSelector(actor, (s) => s.context.notifications);
  return (
    <NotifyContext.Provider value={notify}>
      <ActionsContext.Provider value={actions.current}>
        {children}
        <NotificationStack
          notifications={notifications}
          onDismiss={(id) => actor.send({ type: 'DISMISS', id })}
          onAction={(id) => actor.send({ type: 'ACTION', id })}
        />
      </ActionsContext.Provider>
    </NotifyContext.Provider>
  );
}

export function NotificationStack({
  notifications,
  onDismiss,
  onAction,
}: {
  notifications: Notification[];
  onDismiss(id: number): void;
  onAction(id: number): void;
}) {
  const t = useT();
  return (
    <section className="notifications" aria-label={t('notifications.region')} aria-live="polite">
      {notifications.map((n) => {
        const color = n.color ?? 'info';
        return (
          <div
            key={n.id}
            className={`notification notification--${color}`}
            role={color === 'danger' ? 'alert' : 'status'}
          >
            <Icon name={n.iconMain ?? ICONS[color] ?? 'info'} className="notification__icon" />
            {n.action ? (
              <button
                type="button"
                className="notification__text notification__text--action"
                onClick={() => onAction(n.id)}
              >
                <strong>{n.title}</strong>
                {n.details && <span>{n.details}</span>}
              </button>
            ) : (
              <div className="notification__text">
                <strong>{n.title}</strong>
                {n.details && <span>{n.details}</span>}
              </div>
            )}
            <IconButton
              icon="close"
              size="small"
              className="notification__close"
              label={t('notifications.dismiss')}
              tooltip={false}
              onClick={() => onDismiss(n.id)}
            />
          </div>
        );
      })}
    </section>
  );
}

export function useNotificationActions(): Actions | null {
  return useContext(ActionsContext);
}
