import { useCallback, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldDefinition, FieldPermissions } from '../types';
import type { DefinitionRegistry } from '../registry/registry';
import { FormServicesContext, type FormServices } from '../components/contract';
import { defaultValues, formFields, isReadonly, layoutWidths, stageValue, unstage } from './rules';
import { FieldHost } from './FieldHost';

export interface ItemFormProps {
  fields: FieldDefinition[];
  registry: DefinitionRegistry;
  /** The caller's permission row for the collection (blacklists); none means no restriction. */
  permissions?: FieldPermissions | null;
  /** The item as saved. For a new item, leave it out: the fields' defaults are the baseline. */
  savedValues?: Record<string, unknown>;
  /** Edits staged earlier, to restore (e.g. after navigating away and back). */
  initialEdits?: Record<string, unknown>;
  newItem?: boolean;
  /** Editing several items at once: each field is blocked until activated. */
  batchMode?: boolean;
  /** Called after every change with the staged values: only what differs from the baseline. */
  onStage?: (edits: Record<string, unknown>) => void;
  /** Called when an interface is missing or broken (for a notification). */
  onProblem?: (message: string) => void;
  services?: FormServices;
  /** Prefix of the DOM ids (two forms on one page need different ones). */
  idPrefix?: string;
}

/**
 * Renders a form from field definitions: each field through the interface its definition names,
 * laid out by width, with required, read-only, hidden, batch-mode rules and field actions.
 */
export function ItemForm(props: ItemFormProps) {
  const { fields, permissions, newItem = false, onStage } = props;
  const baseline = useMemo(
    () =>
      newItem ? { ...defaultValues(fields), ...(props.savedValues ?? {}) } : { ...(props.savedValues ?? {}) },
    // The baseline is fixed when the form opens; remount the form (key) for another item.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [edits, setEdits] = useState<Record<string, unknown>>(() => ({ ...(props.initialEdits ?? {}) }));
  const [active, setActive] = useState<Set<string>>(() => new Set(Object.keys(props.initialEdits ?? {})));
  const editsRef = useRef(edits);
  const { control, setValue } = useForm<Record<string, unknown>>({
    defaultValues: { ...baseline, ...(props.initialEdits ?? {}) },
  });

  const shown = useMemo(() => formFields(fields, permissions), [fields, permissions]);
  const widths = useMemo(() => layoutWidths(shown), [shown]);
  const values = useMemo(() => ({ ...baseline, ...edits }), [baseline, edits]);

  const commit = useCallback(
    (next: Record<string, unknown>) => {
      editsRef.current = next;
      setEdits(next);
      onStage?.(next);
    },
    [onStage],
  );

  const onValueChange = useCallback(
    (field: string, value: unknown) => commit(stageValue(baseline, editsRef.current, field, value)),
    [baseline, commit],
  );

  const onActiveChange = useCallback(
    (field: string, on: boolean) => {
      setActive((previous) => {
        const next = new Set(previous);
        if (on) next.add(field);
        else next.delete(field);
        return next;
      });
      if (!on) {
        // Deactivating a field in batch mode drops its edit and shows the original value again.
        setValue(field, baseline[field] ?? null);
        commit(unstage(editsRef.current, field));
      }
    },
    [baseline, commit, setValue],
  );

  return (
    <FormServicesContext.Provider value={props.services ?? {}}>
      <div className="octavo-form">
        {shown.map((field) => (
          <FieldHost
            key={field.field}
            field={field}
            control={control}
            registry={props.registry}
            width={widths.get(field.field) ?? 'full'}
            readonly={isReadonly(field, permissions)}
            newItem={newItem}
            initialValue={baseline[field.field] ?? null}
            values={values}
            onValueChange={onValueChange}
            idPrefix={props.idPrefix ?? 'field'}
            active={props.batchMode ? active.has(field.field) : undefined}
            onActiveChange={onActiveChange}
            onProblem={props.onProblem}
          />
        ))}
      </div>
    </FormServicesContext.Provider>
  );
}
