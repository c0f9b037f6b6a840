import { useState, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ItemForm } from '../../form/ItemForm';
import { createCoreRegistry } from '../../registry/core-registry';
import { EngineTranslateContext, type EngineTranslate } from '../../i18n';
import type { FieldDefinition } from '../../types';
import type { FormServices } from '../contract';

let translate: EngineTranslate = (id) => id;

/** The test files hand in the app's en-US catalogue (the engine itself may not import the app). */
export function setTranslate(next: EngineTranslate) {
  translate = next;
}

export function WithMessages({ children }: { children: ReactNode }) {
  return <EngineTranslateContext.Provider value={translate}>{children}</EngineTranslateContext.Provider>;
}

/** A form over `fields` that owns its values; `latest()` returns them after each change. */
export function renderForm(
  fields: FieldDefinition[],
  initial: Record<string, unknown> = {},
  options: { services?: FormServices; newItem?: boolean } = {},
) {
  let current = initial;
  function Host() {
    const [values, setValues] = useState(initial);
    return (
      <WithMessages>
        <ItemForm
          fields={fields}
          registry={createCoreRegistry()}
          values={values}
          baseline={initial}
          newItem={options.newItem}
          services={options.services}
          onStage={(field, value) =>
            setValues((previous) => {
              current = { ...previous, [field]: value };
              return current;
            })
          }
        />
      </WithMessages>
    );
  }
  render(<Host />);
  return { user: userEvent.setup(), latest: () => current };
}
