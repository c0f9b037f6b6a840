import { useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { FieldDefinition, FieldPermissions } from '../types';
import type { DefinitionRegistry } from '../registry/registry';
import { FormRegistryContext, FormServicesContext, type FormServices } from '../components/contract';
import { formFields, isReadonly, layoutWidths } from './rules';
import { FieldHost } from './FieldHost';
import './form.css';

export interface ItemFormProps {
  fields: FieldDefinition[];
  registry: DefinitionRegistry;
  /** The caller's permission row for the collection (blacklists); none means no restriction. */
  permissions?: FieldPermissions | null;
  /** The item as the form shows it: its baseline with the staged values on top. */
  values: Record<string, unknown>;
  /** What the values started from (the saved item, or a new item's defaults): the target of "undo". */
  baseline: Record<string, unknown>;
  newItem?: boolean;
  /** Editing several items at once: each field is blocked until activated. */
  batchMode?: boolean;
  /** One call per change of one field. The owner of the values decides what is staged. */
  onStage: (field: string, value: unknown) => void;
  /** Called when an interface is missing or broken (for a notification). */
  onProblem?: (message: string) => void;
  /** The app's data services; a nested form (a repeater row) inherits its parent's when omitted. */
  services?: FormServices;
  /** Prefix of the DOM ids (two forms on one page need different ones). */
  idPrefix?: string;
  /** Notes drawn under some fields, by field name (e.g. what changed, in a revision preview); marks the field. */
  annotations?: Record<string, ReactNode>;
}

/**
 * Renders a form from field definitions: each field through the interface its definition names,
 * laid out by width, with required, read-only, hidden, batch-mode rules and field actions. The form holds
 * no values of its own: it shows `values` and reports each change through `onStage`.
 */
export function ItemForm(props: ItemFormProps) {
  const { fields, permissions, baseline, onStage } = props;
  const [active, setActive] = useState<Set<string>>(() => new Set());
  const inherited = useContext(FormServicesContext);

  const shown = useMemo(() => formFields(fields, permissions), [fields, permissions]);
  const widths = useMemo(() => layoutWidths(shown), [shown]);

  const onActiveChange = useCallback(
    (field: string, on: boolean) => {
      setActive((previous) => {
        const next = new Set(previous);
        if (on) next.add(field);
        else next.delete(field);
        return next;
      });
      // Deactivating a field in batch mode drops its edit: the value goes back to the baseline's.
      if (!on) onStage(field, baseline[field]);
    },
    [baseline, onStage],
  );

  return (
    <FormServicesContext.Provider value={props.services ?? inherited}>
      <FormRegistryContext.Provider value={props.registry}>
        <div className="octavo-form">
          {shown.map((field) => (
            <FieldHost
              key={field.field}
              field={field}
              registry={props.registry}
              width={widths.get(field.field) ?? 'full'}
              readonly={isReadonly(field, permissions)}
              newItem={props.newItem ?? false}
              value={props.values[field.field] ?? null}
              initialValue={baseline[field.field] ?? null}
              values={props.values}
              onValueChange={onStage}
              idPrefix={props.idPrefix ?? 'field'}
              active={props.batchMode ? active.has(field.field) : undefined}
              onActiveChange={onActiveChange}
              onProblem={props.onProblem}
              annotation={props.annotations?.[field.field]}
            />
          ))}
        </div>
      </FormRegistryContext.Provider>
    </FormServicesContext.Provider>
  );
}
