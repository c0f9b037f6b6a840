import { use } from 'react';
import { TextInput } from '../../../ui/TextInput';
import { useEngineT } from '../../i18n';
import { FormServicesContext, type InterfaceComponentProps } from '../contract';
import { fieldChoices } from './fields';
import '../../../ui/Select.css';
import './layout.css';

/**
 * A text drawn from an item (`layout-template`): a template such as `{{ name }}` (paths only, see
 * engine/templates) or, as Directus 8 stores it, a field name. The field menu inserts `{{ field }}`.
 */
export default function LayoutTemplate(props: InterfaceComponentProps) {
  const t = useEngineT();
  const { layoutFields } = use(FormServicesContext);
  const text = typeof props.value === 'string' ? props.value : '';
  const emit = (next: string) => props.onChange(next === '' ? null : next);
  const choices = fieldChoices(layoutFields ?? [], 'any');
  return (
    <div className="octavo-layout-template">
      <TextInput
        id={props.id}
        value={text}
        disabled={props.disabled}
        describedBy={props.describedBy}
        onChange={emit}
      />
      {choices.length > 0 && (
        <select
          className="octavo-select octavo-layout-template__insert"
          aria-label={t('layouts.cards.insert_field')}
          value=""
          disabled={props.disabled}
          onChange={(event) => {
            if (!event.target.value) return;
            // A bare field name becomes a template as soon as a second field joins it.
            const base = choices.some((entry) => entry.value === text) ? `{{ ${text} }}` : text;
            emit(`${base}${base ? ' ' : ''}{{ ${event.target.value} }}`);
          }}
        >
          <option value="">{t('layouts.cards.insert_field')}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
