// @vitest-environment jsdom
import '../../app/shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { render, screen, within, cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldDefinition } from '../types';
import { createCoreRegistry } from '../registry/core-registry';
import { useState } from 'react';
import { stageValue } from '../../machines/item-edit.machine';
import { defaultValues } from './rules';
import { I18nProvider } from '../../app/i18n';
import { ItemForm, type ItemFormProps } from './ItemForm';

afterEach(cleanup);

const fields: FieldDefinition[] = [
  { field: 'id', type: 'integer', interface: 'primary-key', primary_key: 1, hidden_detail: 1 },
  {
    field: 'title',
    type: 'string',
    interface: 'text-input',
    width: 'half',
    required: '1',
    note: 'Shown in lists',
  },
  { field: 'slug', type: 'slug', interface: 'slug', width: 'half' },
  { field: 'status', type: 'status', interface: 'status', default_value: 'draft' },
  { field: 'views', type: 'integer', interface: 'numeric', readonly: 1, width: 'half' },
  { field: 'secret', type: 'string', interface: 'text-input' },
  { field: 'locked', type: 'string', interface: 'text-input' },
  { field: 'featured', type: 'boolean', interface: 'switch', default_value: '1' },
];

interface HostProps extends Omit<Partial<ItemFormProps>, 'onStage' | 'values' | 'baseline'> {
  savedValues?: Record<string, unknown>;
  /** Receives the staged values after every change. */
  onEdits: (edits: Record<string, unknown>) => void;
}

/** Owns the staged values the way the item page's machine does, with its staging rule. */
function StagingHost({ savedValues, onEdits, ...props }: HostProps) {
  const formFieldList = props.fields ?? fields;
  const baseline = props.newItem ? defaultValues(formFieldList) : (savedValues ?? {});
  const [edits, setEdits] = useState<Record<string, unknown>>({});
  return (
    <ItemForm
      fields={formFieldList}
      registry={props.registry ?? createCoreRegistry()}
      {...props}
      values={{ ...baseline, ...edits }}
      baseline={baseline}
      onStage={(field, value) =>
        setEdits((current) => {
          const next = stageValue(baseline, current, field, value);
          onEdits(next);
          return next;
        })
      }
    />
  );
}

function renderForm(props: Partial<HostProps> = {}) {
  const onStage = vi.fn();
  render(
    <StagingHost
      savedValues={{
        id: 1,
        title: 'Hello',
        slug: 'hello',
        status: 'published',
        views: 3,
        secret: 's',
        locked: 'l',
        featured: false,
      }}
      permissions={{ read_field_blacklist: ['secret'], write_field_blacklist: 'locked' }}
      {...props}
      onEdits={onStage}
    />,
    { wrapper: I18nProvider },
  );
  return { onStage, user: userEvent.setup() };
}

const fieldBox = (name: string) => document.querySelector(`[data-field="${name}"]`) as HTMLElement;
const lastStaged = (onStage: ReturnType<typeof vi.fn>) => onStage.mock.calls.at(-1)?.[0];

describe('ItemForm', () => {
  it('leaves out hidden and read-blacklisted fields, and pairs adjacent halves', () => {
    renderForm();
    expect(fieldBox('id')).toBeNull();
    expect(fieldBox('secret')).toBeNull();
    expect(fieldBox('title').className).toContain('octavo-field--half-left');
    expect(fieldBox('slug').className).toContain('octavo-field--half-right');
    expect(fieldBox('views').className).toContain('octavo-field--half-left');
    expect(fieldBox('status').className).toContain('octavo-field--full');
  });

  it('shows a required star and the note, linked to the input', () => {
    renderForm();
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(within(fieldBox('title')).getByText('*')).toBeTruthy();
    expect(within(fieldBox('slug')).queryByText('*')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe('field-title-note');
    expect(screen.getByText('Shown in lists').id).toBe('field-title-note');
  });

  it('makes readonly and write-blacklisted fields read-only, without actions', () => {
    renderForm();
    expect((screen.getByLabelText('Views') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Locked') as HTMLInputElement).disabled).toBe(true);
    expect(within(fieldBox('views')).queryByRole('button')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('stages only changed values, and unstages a value typed back to the saved one', async () => {
    const { onStage, user } = renderForm();
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.type(title, '!');
    expect(lastStaged(onStage)).toEqual({ title: 'Hello!' });
    await user.click(screen.getByRole('radio', { name: 'Draft' }));
    expect(lastStaged(onStage)).toEqual({ title: 'Hello!', status: 'draft' });
    await user.type(title, '{Backspace}');
    expect(lastStaged(onStage)).toEqual({ status: 'draft' });
  });

  it('enables clear / reset / undo only when they change something', async () => {
    const { onStage, user } = renderForm();
    const clear = screen.getByRole('button', { name: 'Clear Status' });
    const reset = screen.getByRole('button', { name: 'Reset Status to default' });
    const undo = screen.getByRole('button', { name: 'Undo changes to Status' }) as HTMLButtonElement;
    expect([
      (clear as HTMLButtonElement).disabled,
      (reset as HTMLButtonElement).disabled,
      undo.disabled,
    ]).toEqual([false, false, true]);

    await user.click(reset);
    expect((screen.getByRole('radio', { name: 'Draft' }) as HTMLInputElement).checked).toBe(true);
    expect(lastStaged(onStage)).toEqual({ status: 'draft' });
    expect((reset as HTMLButtonElement).disabled).toBe(true);
    expect(undo.disabled).toBe(false);

    await user.click(clear);
    expect(lastStaged(onStage)).toEqual({ status: null });
    expect((clear as HTMLButtonElement).disabled).toBe(true);

    await user.click(undo);
    expect(lastStaged(onStage)).toEqual({});
    expect(undo.disabled).toBe(true);
  });

  it('parses boolean defaults for a new item and stages nothing until a change', async () => {
    const { onStage, user } = renderForm({ newItem: true, savedValues: undefined });
    const featured = screen.getByRole('switch') as HTMLInputElement;
    expect(featured.checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Draft' }) as HTMLInputElement).checked).toBe(true);
    await user.click(featured);
    expect(lastStaged(onStage)).toEqual({ featured: false });
  });

  it('batch mode blocks each field until activated; deactivating unstages it', async () => {
    const { onStage, user } = renderForm({ batchMode: true });
    const title = screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
    expect(title.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Clear Title' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Edit Title' }));
    expect(title.disabled).toBe(false);
    await user.clear(title);
    await user.type(title, 'Batch');
    expect(lastStaged(onStage)).toEqual({ title: 'Batch' });

    await user.click(screen.getByRole('checkbox', { name: 'Edit Title' }));
    expect(lastStaged(onStage)).toEqual({});
    expect(title.value).toBe('Hello');
    expect(title.disabled).toBe(true);
  });

  it('falls back to a plain text input for an unknown interface and reports it', async () => {
    const onProblem = vi.fn();
    const { onStage, user } = renderForm({
      fields: [{ field: 'legacy', type: 'string', interface: 'wysiwyg_advanced' }],
      savedValues: { legacy: 'old' },
      onProblem,
    });
    expect(screen.getByRole('alert').textContent).toBe('Missing interface "wysiwyg_advanced"');
    expect(onProblem).toHaveBeenCalledWith('Missing interface "wysiwyg_advanced"');
    await user.type(screen.getByLabelText('Legacy'), '!');
    expect(lastStaged(onStage)).toEqual({ legacy: 'old!' });
  });

  it('shows a relational or structured value read-only when its interface is missing', () => {
    renderForm({
      fields: [
        { field: 'topics', type: 'm2m', interface: 'many-to-many-advanced' },
        { field: 'meta', type: 'string', interface: 'unknown-widget' },
      ],
      savedValues: { topics: [{ id: 1, topic: 3 }], meta: { a: 1 } },
    });
    const topics = screen.getByLabelText('Topics') as HTMLInputElement;
    expect(topics.disabled).toBe(true);
    expect(topics.value).toBe('[{"id":1,"topic":3}]');
    const meta = screen.getByLabelText('Meta') as HTMLInputElement;
    expect(meta.disabled).toBe(true);
    expect(meta.value).toBe('{"a":1}');
  });

  it('stands in for a missing interface of long text with a textarea that keeps line breaks', async () => {
    const { onStage, user } = renderForm({
      fields: [{ field: 'body', type: 'string', datatype: 'TEXT', interface: 'markdown-pro' }],
      savedValues: { body: 'first line\nsecond line' },
    });
    const body = screen.getByLabelText('Body') as HTMLTextAreaElement;
    expect(body.tagName).toBe('TEXTAREA');
    await user.type(body, '!');
    expect(lastStaged(onStage)).toEqual({ body: 'first line\nsecond line!' });
  });

  it("renders an interface's options form with the same engine", async () => {
    const registry = createCoreRegistry();
    const definition = registry.getInterface('text-input')!;
    const onStage = vi.fn();
    render(
      <StagingHost
        fields={definition.options}
        registry={registry}
        newItem
        onEdits={onStage}
        idPrefix="options"
      />,
    );
    expect((screen.getByRole('switch', { name: 'Trim' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.setup().type(screen.getByLabelText('Placeholder'), 'Name');
    expect(lastStaged(onStage)).toEqual({ placeholder: 'Name' });
  });
});
