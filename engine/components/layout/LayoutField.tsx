import { use } from 'react';
import { Select } from '../../../ui/Select';
import { useEngineT } from '../../i18n';
import { FormServicesContext, type InterfaceComponentProps } from '../contract';
import { fieldChoices } from './fields';

/**
 * One field of the listing collection (`layout-field`), e.g. the image of a card: with `kind:
 * image` only file fields and many-to-ones to directus_files (and on directus_files the file itself). Stored as the field's name.
 */
export default function LayoutField(props: InterfaceComponentProps) {
  const t = useEngineT();
  const { layoutFields, layoutRelated } = use(FormServicesContext);
  return (
    <Select
      id={props.id}
      choices={fieldChoices(layoutFields ?? [], props.kind, layoutRelated)}
      value={typeof props.value === 'string' ? props.value : null}
      placeholder={t('layouts.tabular.field_none')}
      disabled={props.disabled}
      describedBy={props.describedBy}
      onChange={(name) => props.onChange(name)}
    />
  );
}
