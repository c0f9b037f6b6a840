import { useCallback } from 'react';
import { useT } from '../i18n';
import { useNotify } from '../state/hooks';

/** Extension problems already shown in this session (spec §8: once per interface or layout). */
const reported = new Set<string>();
let pending: string[] = [];
let scheduled = false;

/**
 * Reports a missing or broken interface or layout with a red notification, once per problem per
 * session; the field or list keeps its stand-in. Problems found while one screen renders (a form's
 * fields report in the same commit) share one notification. The callback is stable.
 */
export function useReportProblem(): (message: string) => void {
  const notify = useNotify();
  const t = useT();
  return useCallback(
    (message: string) => {
      if (reported.has(message)) return;
      reported.add(message);
      pending.push(message);
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(() => {
        const messages = pending;
        pending = [];
        scheduled = false;
        notify({
          title: t('errors.extension_problem', { count: messages.length }),
          details: messages.join(' · '),
          color: 'danger',
        });
      });
    },
    [notify, t],
  );
}
