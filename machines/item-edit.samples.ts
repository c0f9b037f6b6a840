import { itemEditMachine } from './item-edit.machine';
import { entry, done, failed, serverError } from './samples';
import { catalogFields } from './samples';

/** The item-edit machine's example inputs and events, for its model-based tests and the statechart viewer. */
export const itemEditSamples = entry({
  name: 'item-edit',
  title: 'Item edit',
  machine: itemEditMachine,
  inputs: {
    existing: { collection: 'articles', primaryKey: 1, fields: catalogFields },
    new: { collection: 'articles', primaryKey: '+', fields: catalogFields, defaults: { status: 'draft' } },
  },
  sampleEvents: (snapshot) => [
    { type: 'STAGE', field: 'title', value: 'Changed' },
    { type: 'STAGE', field: 'title', value: 'Hello' },
    { type: 'SAVE', mode: 'stay' },
    { type: 'SAVE', mode: 'leave' },
    { type: 'SAVE', mode: 'add' },
    { type: 'SAVE', mode: 'copy' },
    { type: 'LEAVE', to: '/demo/collections/articles' },
    { type: 'KEEP_EDITING' },
    { type: 'DISCARD' },
    { type: 'DELETE' },
    { type: 'CONFIRM_DELETE' },
    { type: 'CANCEL_DELETE' },
    { type: 'RETRY' },
    { type: 'RELOAD' },
    { type: 'RELOAD_THEIRS' },
    { type: 'OVERWRITE' },
    done('loadItem', {
      id: snapshot.context.primaryKey,
      status: 'published',
      title: 'Hello',
      created_on: '2024-05-01 10:00:00',
      comments: [7],
    }),
    failed('loadItem', serverError(203, 'Item not found')),
    failed('loadItem', serverError(11, 'Can Not Reach Database')),
    done('saveItem', { id: 2, status: 'published', title: 'Changed' }),
    failed('saveItem', serverError(4, 'Invalid payload')),
    failed('saveItem', serverError(1110, 'The item was saved by someone else since you loaded it')),
    done('deleteItem'),
    failed('deleteItem', serverError(3, 'Forbidden')),
  ],
});
