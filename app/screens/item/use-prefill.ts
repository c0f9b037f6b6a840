import { useEffect, useRef } from 'react';
import type { FieldDefinition } from '../../../engine/types';
import { isOn } from '../../../engine/form/rules';
import { prefilledValues, type RouteKey } from '../../paths';
import { currentSearch } from '../../shell/hash-location';

const NUMERIC = new Set(['integer', 'decimal', 'float', 'number']);

/** A value from the route's query as the field's type wants it (a day on a datetime is its midnight). */
export function prefillValue(field: FieldDefinition, text: string): unknown {
  const type = String(field.type).toLowerCase();
  if (type === 'datetime' && /^\d{4}-\d{2}-\d{2}$/.test(text)) return `${text} 00:00:00`;
  if (NUMERIC.has(type) && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (type === 'boolean') return text === 'true' || text === '1';
  return text;
}

/**
 * A new item opened with values in its route (`+?published_on=2026-05-04`, see newItemHref) stages each
 * one the form lets the user write, once, as if typed in: the item is dirty and saving sends them.
 */
export function usePrefill(
  route: RouteKey,
  formFields: FieldDefinition[],
  stage: (field: string, value: unknown) => void,
) {
  const done = useRef(false);
  useEffect(() => {
    if (!route.isNew || done.current) return;
    done.current = true;
    const values = prefilledValues(currentSearch());
    for (const field of formFields) {
      const text = values[field.field];
      if (text === undefined || isOn(field.readonly) || isOn(field.primary_key)) continue;
      stage(field.field, prefillValue(field, text));
    }
  }, [route.isNew, formFields, stage]);
}
