import '../catalogs';
import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Notice, Table, type TableColumn } from '../../../../ui';
import type { ApiClient } from '../../../api/client';
import { loadDeliveries, sendTestDelivery, type WebhookDelivery } from '../../../api/webhooks';
import { useFormat, useT } from '../../../i18n';
import { useNotify } from '../../../state/hooks';
import './webhooks.css';
import { useErrorText } from '../../../i18n/errors';

export interface WebhookDeliveriesProps {
  api: ApiClient;
  webhook: string;
  /** Changes after each save of the webhook, so a test goes to the saved URL. */
  version: unknown;
}

/** Server datetimes are UTC without a zone: read them as such. */
function serverDate(value: string): Date {
  return new Date(`${value.replace(' ', 'T')}Z`);
}

/**
 * The webhook's delivery log (the last attempts: when, which event, the receiver's answer, how many
 * tries and how long) and "send test", on the webhook's page in Settings → Webhooks.
 */
export function WebhookDeliveries({ api, webhook, version }: WebhookDeliveriesProps) {
  const t = useT();
  const format = useFormat();
  const notify = useNotify();
  const errorText = useErrorText();
  const [rows, setRows] = useState<WebhookDelivery[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [testing, setTesting] = useState(false);

  const load = useCallback(async () => {
    try {
      setRows(await loadDeliveries(api, webhook));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [api, webhook]);

  useEffect(() => {
    void load();
  }, [load, version]);

  const test = async () => {
    setTesting(true);
    try {
      const delivery = await sendTestDelivery(api, webhook);
      notify(
        delivery.ok
          ? { title: t('webhooks.test_ok', { status: delivery.status ?? 0 }), color: 'success' }
          : {
              title: t('webhooks.test_failed'),
              details: delivery.status
                ? t('webhooks.status', { status: delivery.status })
                : (delivery.error ?? undefined),
              color: 'danger',
            },
      );
      await load();
    } catch (error) {
      notify({
        title: t('webhooks.test_failed'),
        details: errorText(error),
        color: 'danger',
      });
    } finally {
      setTesting(false);
    }
  };

  const columns: TableColumn[] = [
    { key: 'when', label: t('webhooks.column_when'), width: 190 },
    { key: 'event', label: t('webhooks.column_event'), width: 150 },
    { key: 'result', label: t('webhooks.column_result'), width: 200 },
    { key: 'attempts', label: t('webhooks.column_attempts'), width: 90 },
    { key: 'duration', label: t('webhooks.column_duration'), width: 110 },
  ];
  const eventLabel = (delivery: WebhookDelivery) =>
    delivery.event === 'test'
      ? t('webhooks.event_test')
      : t('webhooks.event_item', {
          action: delivery.event.replace(/^item\./, ''),
          item: delivery.item ?? '',
        });

  return (
    <section className="webhook-deliveries" aria-labelledby="webhook-deliveries-title">
      <header className="webhook-deliveries__header">
        <h2 id="webhook-deliveries-title">{t('webhooks.deliveries')}</h2>
        <Button variant="secondary" icon="refresh" onClick={() => void load()}>
          {t('webhooks.refresh')}
        </Button>
        <Button icon="send" loading={testing} onClick={() => void test()}>
          {t('webhooks.send_test')}
        </Button>
      </header>
      <p className="webhook-deliveries__note">{t('webhooks.deliveries_note')}</p>
      {failed ? (
        <Notice color="danger" icon="cloud_off">
          {t('webhooks.load_failed')}
        </Notice>
      ) : (
        <Table
          label={t('webhooks.deliveries')}
          columns={columns}
          rows={rows ?? []}
          loading={rows === null}
          emptyText={t('webhooks.no_deliveries')}
          rowKey={(row) => row.id ?? `${row.delivered_on}-${row.event}`}
          rowHeight={44}
          renderCell={(row, column) => {
            switch (column.key) {
              case 'when':
                return (
                  <time
                    dateTime={serverDate(row.delivered_on).toISOString()}
                    title={format.date(serverDate(row.delivered_on), 'long')}
                  >
                    {format.relative(serverDate(row.delivered_on))}
                  </time>
                );
              case 'event':
                return eventLabel(row);
              case 'result':
                return row.ok ? (
                  <Badge background="success">{t('webhooks.delivered', { status: row.status ?? 0 })}</Badge>
                ) : (
                  <span className="webhook-deliveries__failure">
                    <Badge background="danger">
                      {row.status ? t('webhooks.status', { status: row.status }) : t('webhooks.no_answer')}
                    </Badge>
                    {row.error && <span className="webhook-deliveries__error">{row.error}</span>}
                  </span>
                );
              case 'attempts':
                return format.number(row.attempts);
              case 'duration':
                return t('webhooks.duration', { ms: row.duration_ms });
              default:
                return null;
            }
          }}
        />
      )}
    </section>
  );
}

export default WebhookDeliveries;
