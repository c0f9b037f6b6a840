import type { ApiClient } from './client';

/** One recorded delivery of a webhook (Octavo's delivery log, docs/compatibility.md). */
export interface WebhookDelivery {
  id?: number;
  webhook: number;
  /** `item.create`, `item.update`, `item.delete`, or `test`. */
  event: string;
  collection: string | null;
  item: string | null;
  ok: boolean;
  status: number | null;
  error: string | null;
  attempts: number;
  duration_ms: number;
  /** Server time, `YYYY-MM-DD HH:MM:SS` (UTC). */
  delivered_on: string;
}

export async function loadDeliveries(api: ApiClient, webhook: string | number): Promise<WebhookDelivery[]> {
  const answer = await api.get<WebhookDelivery[]>(
    `webhooks/${encodeURIComponent(String(webhook))}/deliveries`,
  );
  return answer.data ?? [];
}

/** Sends a test request now (active or not) and answers how it went. */
export async function sendTestDelivery(api: ApiClient, webhook: string | number): Promise<WebhookDelivery> {
  const answer = await api.post<WebhookDelivery>(`webhooks/${encodeURIComponent(String(webhook))}/test`);
  return answer.data;
}
