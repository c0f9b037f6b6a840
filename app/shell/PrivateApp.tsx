// The signed-in app's messages, registered before any of its screens renders.
import './catalog';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useLocale, useT } from '../i18n';
import { AppDataContext } from '../state/context';
import type { LatencySample } from '../state/hydrate';
import { useHydration } from '../state/use-hydration';
import { applyTheme } from '../theme/theme';
import { FullPageLoader } from './FullPageLoader';
import { Button, buttonClassName, EmptyState } from '../../ui';
import { Shell } from './Shell';
import { LatencyContext } from './latency';
import '../screens/errors/errors.css';
import { UserCardContext } from '../../engine/displays/user-card';
import { wrapInUserCard } from '../people';

/**
 * The private part of the app for one project: the hydration machine loads everything (spec §4 Start-up),
 * a full-page loader shows meanwhile, a failure shows the server-error page, no extensions the
 * extensions-missing page; then the shell with the private routes.
 */
export default function PrivateApp({ project }: { project: string }) {
  const t = useT();
  const { store, failed, error, retry } = useHydration(project);
  const initialLatency = (store?.data as { latency?: LatencySample } | undefined)?.latency;
  const [latency, setLatency] = useState<LatencySample[]>([]);
  useEffect(() => {
    if (initialLatency) setLatency((list) => (list.length ? list : [initialLatency]));
  }, [initialLatency]);
  const user = store?.data.user;
  useEffect(() => {
    if (user) applyTheme(user.theme);
  }, [user]);
  // Dates show in the profile's time zone (empty: the browser's) while signed in, and again after a save.
  const { setTimeZone } = useLocale();
  const timeZone = user?.timezone;
  useEffect(() => {
    setTimeZone(timeZone);
    return () => setTimeZone(null);
  }, [timeZone, setTimeZone]);
  const addLatency = useCallback(
    (sample: LatencySample) => setLatency((list) => [...list, sample].slice(-200)),
    [],
  );

  if (failed) {
    return (
      <div className="error-page">
        <EmptyState
          framed
          live="alert"
          icon="cloud_off"
          title={t('server_error.title')}
          body={t('server_error.body', { message: error?.message ?? '' })}
          action={
            <>
              <Button onClick={retry}>{t('server_error.retry')}</Button>
              <Link href="/login" className={buttonClassName({ variant: 'secondary' })}>
                {t('server_error.other_project')}
              </Link>
            </>
          }
        />
      </div>
    );
  }
  if (!store) return <FullPageLoader label={t('hydration.loading')} />;
  if (!store.data.extensionsLoaded) {
    return (
      <div className="error-page">
        <EmptyState
          framed
          live="alert"
          icon="extension_off"
          title={t('extensions_missing.title')}
          body={t('extensions_missing.body')}
        />
      </div>
    );
  }
  return (
    <AppDataContext.Provider value={store}>
      <LatencyContext.Provider value={{ samples: latency, add: addLatency }}>
        {/* The engine's user displays show the app's user hover card. */}
        <UserCardContext.Provider value={wrapInUserCard}>
          <Shell />
        </UserCardContext.Provider>
      </LatencyContext.Provider>
    </AppDataContext.Provider>
  );
}
