import { useMemo, useRef } from 'react';
import type { FormServices } from '../../engine/components/contract';
import { newTwoFactorSecret } from '../api/utils';
import { useLocale } from '../i18n';
import { collectionName } from '../names';
import { isSystemCollection, type RouteKey } from '../paths';
import { useApi, useCurrentUser, useSchema } from './hooks';

/**
 * The form services that come from the hydrated data rather than from one collection's relations:
 * the project's collections with their display names (collections interface), and a fresh
 * two-factor secret (2fa-secret interface), offered only on the user's own record.
 */
export function useAppFormServices(collection: string, route: RouteKey): FormServices {
  const api = useApi();
  const schema = useSchema();
  const user = useCurrentUser();
  const { locale } = useLocale();
  const latestApi = useRef(api);
  latestApi.current = api;
  const key = !route.isNew && !route.batch ? route.keys[0] : undefined;
  const ownRecord = collection === 'directus_users' && (key === 'me' || key === String(user.id));

  return useMemo<FormServices>(() => {
    const list = Object.entries(schema.collections).map(([name, meta]) => ({
      collection: name,
      name: collectionName(name, meta, locale),
      system: isSystemCollection(name),
      hidden: Boolean(meta?.hidden),
    }));
    return {
      collections: () => list,
      newTwoFactorSecret: ownRecord ? () => newTwoFactorSecret(latestApi.current) : undefined,
    };
  }, [schema.collections, locale, ownRecord]);
}
