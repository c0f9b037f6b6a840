import { useContext } from 'react';
import { Icon } from '../../../ui/Icon';
import type { DisplayProps } from '../../displays/displays';
import { useEngineT } from '../../i18n';
import { FormRegistryContext, FormServicesContext } from '../contract';
import { isRecord } from './values';

/** Repeater and key-value values in lists: how many rows they hold. */
export function RowCountDisplay({ value }: DisplayProps) {
  const t = useEngineT();
  const count = Array.isArray(value) ? value.length : isRecord(value) ? Object.keys(value).length : 0;
  if (count === 0) return null;
  return <span>{t('interfaces.structured.row_count', { count })}</span>;
}

/** An interface id shown by its name and icon when the registry is at hand. */
export function InterfaceNameDisplay({ value }: DisplayProps) {
  const registry = useContext(FormRegistryContext);
  if (typeof value !== 'string' || value === '') return null;
  const definition = registry?.getInterface(value);
  return (
    <span className="octavo-display">
      {definition && <Icon name={definition.icon} size="small" />} {definition?.name ?? value}
    </span>
  );
}

/** A collection shown by its display name when the app's services are at hand. */
export function CollectionNameDisplay({ value }: DisplayProps) {
  const services = useContext(FormServicesContext);
  if (typeof value !== 'string' || value === '') return null;
  const entry = services.collections?.().find((candidate) => candidate.collection === value);
  return <span className="octavo-display">{entry?.name ?? value}</span>;
}
