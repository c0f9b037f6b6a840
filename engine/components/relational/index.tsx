import { useContext, useEffect, useState } from 'react';
import './relational.css';
import { IconButton } from '../../../ui/IconButton';
import { Select } from '../../../ui/Select';
import { renderTemplate } from '../../templates/render-template';
import type { DisplayComponent } from '../../displays/displays';
import { useEngineT } from '../../i18n';
import { lazyInterface } from '../lazy';
import { UserBadge, displays } from './displays';
import {
  FormServicesContext,
  type InterfaceComponent,
  type InterfaceComponentProps,
  type RelatedItems,
} from '../contract';

/** Loads the items a relational field can point at, once per field. */
function useRelatedItems(props: InterfaceComponentProps, limit: number): RelatedItems | null {
  const { loadRelatedItems } = useContext(FormServicesContext);
  const [result, setResult] = useState<RelatedItems | null>(null);
  const field = props.field;
  useEffect(() => {
    if (!loadRelatedItems) return;
    let live = true;
    loadRelatedItems(field, { limit }).then(
      (answer) => live && setResult(answer),
      () => live && setResult({ items: [], primaryKey: 'id' }),
    );
    return () => {
      live = false;
    };
  }, [loadRelatedItems, field, limit]);
  return result;
}

function keyOf(value: unknown, primaryKey: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object') {
    const key = (value as Record<string, unknown>)[primaryKey];
    return key === null || key === undefined ? null : String(key);
  }
  return String(value);
}

function labelOf(item: Record<string, unknown>, primaryKey: string, template: unknown): string {
  const text = typeof template === 'string' && template ? renderTemplate(template, item).trim() : '';
  return text || String(item[primaryKey]);
}

/**
 * many-to-one, user, file: pick one related item; the value becomes its primary key. A dropdown up to the
 * threshold; when the app provides an item picker, a button opens it, and it replaces the dropdown when the
 * related collection holds more items than the threshold.
 */
export function ItemSelect(props: InterfaceComponentProps) {
  const t = useEngineT();
  const { pickItem } = useContext(FormServicesContext);
  const related = useRelatedItems(props, Number(props.threshold ?? 20) || 20);
  const [picked, setPicked] = useState<Record<string, unknown> | null>(null);
  const primaryKey = related?.primaryKey ?? 'id';
  const current = keyOf(props.value, primaryKey);
  const choices = (related?.items ?? []).map((item) => ({
    value: String(item[primaryKey]),
    label: labelOf(item, primaryKey, props.template),
  }));
  // The current value stays selectable even when it is not among the loaded items.
  let currentLabel = current;
  if (current !== null) {
    const source =
      picked && keyOf(picked, primaryKey) === current
        ? picked
        : typeof props.value === 'object'
          ? (props.value as Record<string, unknown>)
          : null;
    currentLabel =
      choices.find((choice) => choice.value === current)?.label ??
      (source ? labelOf(source, primaryKey, props.template) : current);
    if (!choices.some((choice) => choice.value === current))
      choices.unshift({ value: current, label: currentLabel });
  }
  const canPick = Boolean(pickItem) && !props.disabled;
  const openPicker = () => {
    pickItem?.(props.field, props.value).then((choice) => {
      if (!choice) return;
      setPicked(choice.item);
      props.onChange(choice.item[choice.primaryKey] ?? null);
    });
  };
  if (canPick && related?.more) {
    return (
      <div className="octavo-item-select">
        <span id={props.id} className="octavo-item-select__value" aria-describedby={props.describedBy}>
          {currentLabel ?? (props.placeholder as string | undefined) ?? ''}
        </span>
        <IconButton icon="search" label={t('interfaces.relational.choose_item')} onClick={openPicker} />
        {props.value != null && (
          <IconButton
            icon="close"
            label={t('interfaces.relational.clear_selection')}
            onClick={() => props.onChange(null)}
          />
        )}
      </div>
    );
  }
  return (
    <div className="octavo-item-select">
      <Select
        id={props.id}
        choices={choices}
        value={current}
        disabled={props.disabled}
        placeholder={(props.placeholder as string | undefined) ?? undefined}
        describedBy={props.describedBy}
        onChange={(key) => {
          if (key === null) return props.onChange(null);
          const item = related?.items.find((candidate) => String(candidate[primaryKey]) === key);
          const raw = item ? item[primaryKey] : key;
          props.onChange(raw);
        }}
      />
      {canPick && (
        <IconButton icon="search" label={t('interfaces.relational.choose_item')} onClick={openPicker} />
      )}
    </div>
  );
}

/**
 * user-roles: the role of a user as a select of role names; the Public role (id 2) only with `showPublic`.
 * The value is the role's key.
 */
export function RoleSelect(props: InterfaceComponentProps) {
  const t = useEngineT();
  const { loadItems } = useContext(FormServicesContext);
  const [roles, setRoles] = useState<Record<string, unknown>[] | null>(null);
  useEffect(() => {
    if (!loadItems) return;
    let live = true;
    loadItems('directus_roles', { limit: 200, sort: 'name' }).then(
      (answer) => live && setRoles(answer.items),
      () => live && setRoles([]),
    );
    return () => {
      live = false;
    };
  }, [loadItems]);
  const current = keyOf(props.value, 'id');
  const choices = (roles ?? [])
    .filter((role) => props.showPublic === true || String(role.id) !== '2' || String(role.id) === current)
    .map((role) => ({ value: String(role.id), label: String(role.name ?? role.id) }));
  if (current !== null && !choices.some((choice) => choice.value === current)) {
    const name =
      typeof props.value === 'object' && props.value
        ? (props.value as Record<string, unknown>).name
        : undefined;
    choices.unshift({ value: current, label: String(name ?? current) });
  }
  return (
    <Select
      id={props.id}
      choices={choices}
      value={current}
      disabled={props.disabled}
      placeholder={t('interfaces.relational.choose_role')}
      describedBy={props.describedBy}
      onChange={(key) => {
        if (key === null) return props.onChange(null);
        const role = roles?.find((candidate) => String(candidate.id) === key);
        props.onChange(role ? role.id : Number.isNaN(Number(key)) ? key : Number(key));
      }}
    />
  );
}

/** owner, user-updated: the user the server recorded, shown (never edited) as avatar, name or both. */
export function UserValue(props: InterfaceComponentProps) {
  return (
    <div id={props.id} className="octavo-readonly-value" aria-describedby={props.describedBy}>
      <UserBadge value={props.value} template={props.template} display={props.display} focusable />
    </div>
  );
}

/** The relational family's interface components, by the id a definition's `binding.component` names. */
export const relationalComponents: Record<string, InterfaceComponent> = {
  'item-select': ItemSelect,
  'role-select': RoleSelect,
  'user-value': UserValue,
  'related-list': lazyInterface(() => import('./RelatedList')),
  // The old id of the one-to-many list, kept for definitions that still name it.
  'item-list': lazyInterface(() => import('./RelatedList')),
  translation: lazyInterface(() => import('./Translation')),
  file: lazyInterface(() => import('./FileInput')),
  'checkboxes-relational': lazyInterface(() => import('./CheckboxesRelational')),
};

/** The relational family's displays, by the id a definition's `display.component` names. */
export const relationalDisplays: Record<string, DisplayComponent> = displays;
