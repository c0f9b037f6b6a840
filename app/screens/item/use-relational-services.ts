import { useMemo, useRef, useState } from 'react';
import type { FieldDefinition } from '../../../engine/types';
import type { FormServices, PickedItem, RelatedItems } from '../../../engine/components/contract';
import { searchItems } from '../../api/items';
import { useApi, useSchema } from '../../state/hooks';
import { primaryKeyName, relatedCollection } from '../../state/schema-info';

export interface PickerRequest {
  field: FieldDefinition;
  current: unknown;
  target: string;
  primaryKey: string;
  resolve: (choice: PickedItem | null) => void;
}

/** The relational interfaces' data (items to choose from) and the item picker they open. */
export function useRelationalServices(collection: string) {
  const api = useApi();
  const schema = useSchema();
  const latest = useRef({ api, schema });
  latest.current = { api, schema };
  const [picker, setPicker] = useState<PickerRequest | null>(null);

  const services: FormServices = useMemo(() => {
    const targetOf = (field: FieldDefinition) => {
      const target = relatedCollection(field, collection, latest.current.schema.relations);
      return target
        ? { target, primaryKey: primaryKeyName(latest.current.schema.fields[target] ?? []) }
        : null;
    };
    return {
      loadRelatedItems: async (field, query): Promise<RelatedItems> => {
        const related = targetOf(field);
        if (!related) return { items: [], primaryKey: 'id' };
        const found = await searchItems(latest.current.api, related.target, query);
        return { ...found, primaryKey: related.primaryKey };
      },
      pickItem: (field, current) =>
        new Promise<PickedItem | null>((resolve) => {
          const related = targetOf(field);
          if (!related) return resolve(null);
          setPicker({ field, current, ...related, resolve });
        }),
    };
  }, [collection]);

  const closePicker = (choice: PickedItem | null) => {
    picker?.resolve(choice);
    setPicker(null);
  };
  return { services, picker, closePicker };
}
