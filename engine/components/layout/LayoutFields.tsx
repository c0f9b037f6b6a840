import { use } from 'react';
import Checkboxes from '../structured/Checkboxes';
import { FormServicesContext, type InterfaceComponentProps } from '../contract';
import { columnChoices } from './fields';

/**
 * The columns of a table (`layout-fields`): a checklist of the listing collection's fields
 * (`FormServices.layoutFields`); the ticked ones come first, in the stored order, and are sorted by
 * drag or from the keyboard (the checkboxes interface's draggable mode). Stored as a list of names.
 */
export default function LayoutFields(props: InterfaceComponentProps) {
  const { layoutFields } = use(FormServicesContext);
  const choices = columnChoices(layoutFields ?? []).map(({ value, label }) => ({ value, label }));
  return <Checkboxes {...props} choices={choices} draggable single formatting />;
}
