import { useContext, useEffect, useState } from 'react';
import { useEngineT } from '../../i18n';
import { FormServicesContext, type InterfaceComponentProps } from '../contract';
import { DELETE, isRemoved, keyOf, rowsOf, type Row } from './entries';
import { labelOf, useRelation } from './shared';
import './relational.css';

/**
 * checkboxes-relational: every item of the far collection of a many-to-many as a checkbox in a grid of
 * `grid` columns (2 by default); ticking one adds a junction row, unticking removes it.
 */
export default function CheckboxesRelational(props: InterfaceComponentProps) {
  const t = useEngineT();
  const services = useContext(FormServicesContext);
  const relation = useRelation(props.field);
  const [items, setItems] = useState<Row[] | null>(null);
  const far = relation?.far ?? null;
  useEffect(() => {
    if (!far || !services.loadItems) return;
    let live = true;
    services.loadItems(far.collection, { limit: 200 }).then(
      (answer) => live && setItems(answer.items),
      () => live && setItems([]),
    );
    return () => {
      live = false;
    };
  }, [far, services]);

  if (!relation || relation.kind !== 'm2m' || !far || !relation.junctionField) {
    return (
      <p id={props.id} className="octavo-related__missing">
        {t('interfaces.relational.no_relation')}
      </p>
    );
  }
  const junctionField = relation.junctionField;
  const primaryKey = relation.primaryKey;
  const rows = rowsOf(props.value);
  const farKeyOf = (row: Row) => keyOf(row[junctionField], far.primaryKey);
  const checked = new Set(rows.filter((row) => !isRemoved(row)).map(farKeyOf));
  const columns = Math.max(1, Math.min(6, Number(props.grid) || 2));
  const canAdd = !props.disabled && relation.may.create;
  const canRemove = !props.disabled && relation.may.delete;

  const toggle = (item: Row, on: boolean) => {
    const key = keyOf(item, far.primaryKey);
    if (on) {
      // A row unticked in this session comes back as it was; otherwise a new junction row.
      const removed = rows.find((row) => row[DELETE] === true && farKeyOf(row) === key);
      if (removed) {
        const { [DELETE]: _gone, ...back } = removed;
        props.onChange(rows.map((row) => (row === removed ? back : row)));
      } else props.onChange([...rows, { [junctionField]: item }]);
      return;
    }
    const row = rows.find((candidate) => !isRemoved(candidate) && farKeyOf(candidate) === key);
    if (!row) return;
    if (keyOf(row, primaryKey) === null) props.onChange(rows.filter((other) => other !== row));
    else props.onChange(rows.map((other) => (other === row ? { ...row, [DELETE]: true } : other)));
  };

  return (
    <div
      id={props.id}
      role="group"
      aria-describedby={props.describedBy}
      aria-label={t('interfaces.relational.choices')}
      aria-busy={items === null || undefined}
      className="octavo-checkboxes-relational"
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
    >
      {(items ?? []).map((item) => {
        const key = keyOf(item, far.primaryKey) ?? '';
        const on = checked.has(key);
        return (
          <label key={key} className="octavo-checkboxes-relational__choice">
            <input
              type="checkbox"
              checked={on}
              disabled={on ? !canRemove : !canAdd}
              onChange={(event) => toggle(item, event.target.checked)}
            />
            <span>{labelOf(item, far.primaryKey, props.template)}</span>
          </label>
        );
      })}
      {items !== null && items.length === 0 && (
        <p className="octavo-related__empty">{t('interfaces.relational.empty')}</p>
      )}
    </div>
  );
}
