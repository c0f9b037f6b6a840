import { useEffect } from 'react';
import { othersOnPage, tracksConflicts, type Person } from '../../api/editing';
import type { ApiClient } from '../../api/client';
import { trackPage } from '../../api/users';
import { useLocale, useT, type Translate } from '../../i18n';
import { useCurrentUser, useNotify } from '../../state/hooks';

/**
 * While an item page stays open (and visible), its tracking is renewed this often, so that the
 * others' warning still names someone who has been editing for more than five minutes.
 */
export const PRESENCE_RENEW_MS = 120_000;

/** A person's name as the notices show it. */
export function personName(person: Person | null, t: Translate): string {
  const name = [person?.first_name, person?.last_name].filter(Boolean).join(' ').trim();
  return name || t('conflicts.someone');
}

/**
 * The edit-conflict warning (spec §4, §7, §9): on opening an item, a warning notification naming
 * the other users who were on this item's page in the last 300,000 ms. Asked once per opening;
 * a failure is silent (the warning is a courtesy, the save precondition is the safeguard).
 */
export function usePresence(api: ApiClient, collection: string, primaryKey: string, page: string) {
  const t = useT();
  const me = useCurrentUser().id;
  const { locale } = useLocale();
  const notify = useNotify();
  useEffect(() => {
    if (!tracksConflicts(collection, primaryKey)) return;
    let cancelled = false;
    othersOnPage(api, collection, primaryKey, page).then(
      (people) => {
        if (cancelled || people.length === 0) return;
        const names = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
          people.map((person) => personName(person, t)),
        );
        notify({
          title: t('conflicts.presence_title'),
          details: t('conflicts.presence_body', { names }),
          color: 'warning',
        });
      },
      () => {},
    );
    return () => {
      cancelled = true;
    };
    // Once per item opened; the page path is that item's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, collection, primaryKey]);

  useEffect(() => {
    if (!tracksConflicts(collection, primaryKey)) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      trackPage(api, me, page).catch(() => {
        // Best effort, as the navigation's own tracking (shell/Shell.tsx).
      });
    }, PRESENCE_RENEW_MS);
    return () => window.clearInterval(timer);
  }, [api, me, collection, primaryKey, page]);
}
