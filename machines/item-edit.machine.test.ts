import { describeModel } from './model-suite';
import { createActor, fromPromise } from 'xstate';
import { catalogFields } from './samples';
import {
  copyValues,
  itemEditMachine,
  stageValue,
  type Item,
  type ItemEditInput,
  type PrimaryKey,
  type SaveRequest,
} from './item-edit.machine';

describeModel('item-edit');

const saved = { id: 1, status: 'published', title: 'Hello', created_on: '2024-05-01', comments: [7] };

function startEdit(input: Partial<ItemEditInput> = {}, options: { failSave?: boolean } = {}) {
  const saves: SaveRequest[] = [];
  const effects: string[] = [];
  const actor = createActor(
    itemEditMachine.provide({
      actors: {
        loadItem: fromPromise<Item, { collection: string; primaryKey: PrimaryKey }>(async ({ input }) => ({
          ...saved,
          id: input.primaryKey,
        })),
        saveItem: fromPromise<Item, SaveRequest>(async ({ input }) => {
          saves.push(input);
          if (options.failSave) throw { error: { code: 4, message: 'Invalid payload' } };
          return { ...saved, ...input.values, id: input.primaryKey === '+' ? 2 : input.primaryKey };
        }),
        deleteItem: fromPromise(async () => {
          effects.push('DELETE');
        }),
      },
      actions: {
        goToListing: (_, { collection }) => effects.push(`listing ${collection}`),
        goToItem: (_, { primaryKey }) => effects.push(`item ${primaryKey}`),
        goTo: (_, { to }) => effects.push(`go ${to}`),
        notify: (_, { notice }) => effects.push(`notify ${notice}`),
      },
    }),
    { input: { collection: 'articles', primaryKey: 1, fields: catalogFields, ...input } },
  ).start();
  return { actor, saves, effects };
}

async function editing(actor: ReturnType<typeof startEdit>['actor']) {
  await vi.waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
}

describe('item edit rules', () => {
  it('stages only values that differ from the saved item', () => {
    expect(stageValue(saved, {}, 'title', 'New')).toEqual({ title: 'New' });
    expect(stageValue(saved, { title: 'New' }, 'title', 'Hello')).toEqual({});
    expect(stageValue(saved, {}, 'comments', [7])).toEqual({});
    // An absent value and null are the same: clearing a field a new item never had unstages it.
    expect(stageValue({}, { title: 'x' }, 'title', null)).toEqual({});
  });

  it('ignores a save while nothing is staged', async () => {
    const { actor, saves } = startEdit();
    await editing(actor);
    actor.send({ type: 'SAVE', mode: 'stay' });
    expect(actor.getSnapshot().matches({ editing: 'pristine' })).toBe(true);
    actor.send({ type: 'STAGE', field: 'title', value: 'New' });
    actor.send({ type: 'STAGE', field: 'title', value: 'Hello' });
    actor.send({ type: 'SAVE', mode: 'stay' });
    expect(saves).toEqual([]);
  });

  it('save and stay sends only the staged values and reloads the item', async () => {
    const { actor, saves, effects } = startEdit();
    await editing(actor);
    actor.send({ type: 'STAGE', field: 'title', value: 'New' });
    actor.send({ type: 'SAVE', mode: 'stay' });
    expect(actor.getSnapshot().value).toBe('saving');
    await vi.waitFor(() => expect(effects).toContain('notify saved'));
    await editing(actor);
    expect(saves).toEqual([{ collection: 'articles', primaryKey: 1, values: { title: 'New' } }]);
    expect(actor.getSnapshot().context).toMatchObject({ primaryKey: 1, edits: {} });
    expect(effects).toEqual(['notify saved']);
  });

  it('save and stay on a new item goes to the new item route', async () => {
    const { actor, saves, effects } = startEdit({ primaryKey: '+', defaults: { status: 'draft' } });
    // The defaults are the baseline, not edits: nothing to lose yet, but a save sends them.
    expect(actor.getSnapshot().matches({ editing: 'pristine' })).toBe(true);
    actor.send({ type: 'STAGE', field: 'status', value: 'review' });
    actor.send({ type: 'STAGE', field: 'status', value: 'draft' });
    expect(actor.getSnapshot().context.edits).toEqual({});
    actor.send({ type: 'SAVE', mode: 'stay' });
    await vi.waitFor(() => expect(effects).toContain('item 2'));
    expect(saves[0]).toEqual({ collection: 'articles', primaryKey: '+', values: { status: 'draft' } });
    await editing(actor);
    expect(actor.getSnapshot().context.primaryKey).toBe(2);
  });

  it('save and leave returns to the listing', async () => {
    const { actor, effects } = startEdit();
    await editing(actor);
    actor.send({ type: 'STAGE', field: 'title', value: 'New' });
    actor.send({ type: 'SAVE', mode: 'leave' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(effects).toEqual(['notify saved', 'listing articles']);
  });

  it('save and add opens a blank new form', async () => {
    const { actor, effects } = startEdit({ defaults: { status: 'draft' } });
    await editing(actor);
    actor.send({ type: 'STAGE', field: 'title', value: 'New' });
    actor.send({ type: 'SAVE', mode: 'add' });
    await vi.waitFor(() => expect(effects).toEqual(['notify saved', 'item +']));
    expect(actor.getSnapshot().context).toMatchObject({
      primaryKey: '+',
      savedValues: {},
      defaults: { status: 'draft' },
      edits: {},
    });
  });

  it('save as copy creates a new item without the primary key and the non-copyable fields', async () => {
    const { actor, saves, effects } = startEdit();
    await editing(actor);
    actor.send({ type: 'STAGE', field: 'title', value: 'Copy' });
    actor.send({ type: 'SAVE', mode: 'copy' });
    await vi.waitFor(() => expect(effects).toContain('item 2'));
    expect(saves[0]).toEqual({
      collection: 'articles',
      primaryKey: '+',
      values: { status: 'published', title: 'Copy' },
    });
    expect(
      copyValues(
        [
          { field: 'key', type: 'string', primary_key: true },
          ...['alias', 'o2m', 'datetime_created', 'datetime_updated', 'owner', 'user_updated', 'm2o'].map(
            (type) => ({ field: type, type }),
          ),
        ],
        {
          key: 'a',
          alias: 1,
          o2m: [1],
          datetime_created: 'x',
          datetime_updated: 'y',
          owner: 1,
          user_updated: 2,
          m2o: 3,
        },
        {},
      ),
    ).toEqual({ m2o: 3 });
  });

  it('keeps the staged values and notifies when a save fails', async () => {
    const { actor, effects } = startEdit({}, { failSave: true });
    await editing(actor);
    actor.send({ type: 'STAGE', field: 'title', value: 'New' });
    actor.send({ type: 'SAVE', mode: 'stay' });
    await vi.waitFor(() => expect(effects).toEqual(['notify saveFailed']));
    expect(actor.getSnapshot().matches({ editing: 'dirty' })).toBe(true);
    expect(actor.getSnapshot().context.edits).toEqual({ title: 'New' });
  });

  it('prompts before leaving with unsaved changes: keep editing or discard', async () => {
    const { actor, effects } = startEdit();
    await editing(actor);
    actor.send({ type: 'STAGE', field: 'title', value: 'New' });
    actor.send({ type: 'LEAVE', to: '/demo/files' });
    expect(actor.getSnapshot().value).toBe('confirmingLeave');
    actor.send({ type: 'KEEP_EDITING' });
    expect(actor.getSnapshot().matches({ editing: 'dirty' })).toBe(true);
    expect(actor.getSnapshot().context.edits).toEqual({ title: 'New' });
    actor.send({ type: 'LEAVE', to: '/demo/files' });
    actor.send({ type: 'DISCARD' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(effects).toEqual(['go /demo/files']);
  });

  it('leaves at once with nothing staged', async () => {
    const { actor, effects } = startEdit();
    await editing(actor);
    actor.send({ type: 'LEAVE', to: '/demo/files' });
    expect(effects).toEqual(['go /demo/files']);
  });

  it('deletes through the app, which decides between removing and soft-deleting', async () => {
    const hard = startEdit();
    await editing(hard.actor);
    hard.actor.send({ type: 'DELETE' });
    hard.actor.send({ type: 'CONFIRM_DELETE' });
    await vi.waitFor(() => expect(hard.actor.getSnapshot().status).toBe('done'));
    expect(hard.effects).toEqual(['DELETE', 'notify deleted', 'listing articles']);
  });

  it('offers no delete on a new item', () => {
    const { actor } = startEdit({ primaryKey: '+' });
    actor.send({ type: 'DELETE' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });
});

describe('edit conflicts', () => {
  /** Saves fail with 1110 until the user overwrites (a save without the precondition). */
  function startConflicted() {
    const saves: SaveRequest[] = [];
    const effects: string[] = [];
    let loads = 0;
    const actor = createActor(
      itemEditMachine.provide({
        actors: {
          loadItem: fromPromise<Item, { collection: string; primaryKey: PrimaryKey }>(async () => {
            loads++;
            return { ...saved, title: loads > 1 ? 'Theirs' : 'Hello' };
          }),
          saveItem: fromPromise<Item, SaveRequest>(async ({ input }) => {
            saves.push(input);
            if (!input.overwrite) throw { error: { code: 1110, message: 'Changed since loaded' } };
            return { ...saved, ...input.values };
          }),
          deleteItem: fromPromise(async () => {}),
        },
        actions: {
          goToListing: (_, { collection }) => effects.push(`listing ${collection}`),
          goToItem: (_, { primaryKey }) => effects.push(`item ${primaryKey}`),
          goTo: (_, { to }) => effects.push(`go ${to}`),
          notify: (_, { notice }) => effects.push(`notify ${notice}`),
        },
      }),
      { input: { collection: 'articles', primaryKey: 1, fields: catalogFields } },
    ).start();
    return { actor, saves, effects, loads: () => loads };
  }

  async function inConflict(actor: ReturnType<typeof startConflicted>['actor'], mode: 'stay' | 'leave') {
    await editing(actor);
    actor.send({ type: 'STAGE', field: 'title', value: 'Mine' });
    actor.send({ type: 'SAVE', mode });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('conflict'));
  }

  it('a stale save stops in the conflict choice, keeping my edits and telling no failure', async () => {
    const { actor, effects } = startConflicted();
    await inConflict(actor, 'stay');
    expect(actor.getSnapshot().context.edits).toEqual({ title: 'Mine' });
    expect(actor.getSnapshot().context.error?.code).toBe(1110);
    expect(actor.getSnapshot().hasTag('dirty')).toBe(true);
    expect(effects).toEqual([]);
  });

  it('overwrite saves mine again without the precondition, in the mode I chose', async () => {
    const { actor, saves, effects } = startConflicted();
    await inConflict(actor, 'leave');
    actor.send({ type: 'OVERWRITE' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(saves.map((s) => s.overwrite ?? false)).toEqual([false, true]);
    expect(saves[1].values).toEqual({ title: 'Mine' });
    expect(effects).toEqual(['notify saved', 'listing articles']);
    expect(actor.getSnapshot().context.overwrite).toBe(false);
  });

  it('reload theirs drops my edits and loads their version', async () => {
    const { actor, saves, loads } = startConflicted();
    await inConflict(actor, 'stay');
    actor.send({ type: 'RELOAD_THEIRS' });
    await editing(actor);
    expect(loads()).toBe(2);
    expect(actor.getSnapshot().context).toMatchObject({ edits: {}, savedValues: { title: 'Theirs' } });
    expect(saves).toHaveLength(1);
  });

  it('cancel goes back to editing with my edits, and the next save asks again', async () => {
    const { actor, saves } = startConflicted();
    await inConflict(actor, 'stay');
    actor.send({ type: 'KEEP_EDITING' });
    expect(actor.getSnapshot().matches({ editing: 'dirty' })).toBe(true);
    expect(actor.getSnapshot().context.edits).toEqual({ title: 'Mine' });
    actor.send({ type: 'SAVE', mode: 'stay' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('conflict'));
    expect(saves.every((s) => !s.overwrite)).toBe(true);
  });

  it('reload (the live notice) loads the item again, dropping staged values', async () => {
    const { actor, loads } = startConflicted();
    await editing(actor);
    actor.send({ type: 'STAGE', field: 'title', value: 'Mine' });
    actor.send({ type: 'RELOAD' });
    await editing(actor);
    expect(loads()).toBe(2);
    expect(actor.getSnapshot().context.edits).toEqual({});
    expect(actor.getSnapshot().context.savedValues.title).toBe('Theirs');
  });
});
