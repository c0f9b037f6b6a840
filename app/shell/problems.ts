import { useCallback } from 'react';
import { useT } from '../i18n';
import { useNotify } from '../state/hooks';

/** Extension problems already shown in this session (spec §8: once per interface or layout). */
const reported = new Set<string>();

/**
 * Reports a missing or broken interface or layout with a red notification, once per problem per
 * session; the field or list keeps its fallback. The callback is stable, so effects do not repeat it.
 */
export function useReportProblem(): (message: string) => void {
  const notify = useNotify();
  const t = useT();
  return useCallback(
    (message: string) => {
      if (reported.has(message)) return;
      reported.add(message);
      notify({ title: t('errors.extension_problem'), details: message, color: 'danger' });
    },
    [notify, t],
  );
}
