// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { FieldDefinition } from '../types';
import { createCoreRegistry } from '../registry/core-registry';
import { ItemForm } from '../form/ItemForm';

afterEach(cleanup);

const fields = (options: Record<string, unknown>): FieldDefinition[] => [
  { field: 'title', type: 'string', interface: 'text-input' },
  { field: 'slug', type: 'slug', interface: 'slug', options: { mirroredField: 'title', ...options } },
];

/** A form that owns its values, like the item page. */
function Form(props: {
  newItem: boolean;
  initial: Record<string, unknown>;
  options?: Record<string, unknown>;
}) {
  const [values, setValues] = useState(props.initial);
  return (
    <>
      <ItemForm
        fields={fields(props.options ?? {})}
        registry={createCoreRegistry()}
        values={values}
        baseline={props.initial}
        newItem={props.newItem}
        onStage={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
      />
      <output data-testid="values">{JSON.stringify(values)}</output>
    </>
  );
}

const values = () => JSON.parse(screen.getByTestId('values').textContent!);
const slugBox = () => screen.getByLabelText('Slug') as HTMLInputElement;

describe('slug mirroredField', () => {
  it('follows the mirrored field, slugified, on a new item', async () => {
    const user = userEvent.setup();
    render(<Form newItem initial={{ title: null, slug: null }} />);
    await user.type(screen.getByLabelText('Title'), 'Hello Wörld, again!');
    expect(slugBox().value).toBe('hello-world-again');
    expect(values().slug).toBe('hello-world-again');
    await user.clear(screen.getByLabelText('Title'));
    expect(values().slug).toBe(null);
  });

  it('keeps the case when forceLowercase is off', async () => {
    const user = userEvent.setup();
    render(<Form newItem initial={{ title: null, slug: null }} options={{ forceLowercase: false }} />);
    await user.type(screen.getByLabelText('Title'), 'Big News');
    expect(values().slug).toBe('Big-News');
  });

  it('stops following once the slug is typed by hand, and follows again when emptied', async () => {
    const user = userEvent.setup();
    render(<Form newItem initial={{ title: null, slug: null }} />);
    await user.type(screen.getByLabelText('Title'), 'First');
    await user.clear(slugBox());
    await user.type(slugBox(), 'my own');
    await user.type(screen.getByLabelText('Title'), ' words');
    expect(values()).toEqual({ title: 'First words', slug: 'my-own' });
    await user.clear(slugBox());
    await user.type(screen.getByLabelText('Title'), '!');
    expect(values().slug).toBe('first-words');
  });

  it('is locked on an existing item with onlyOnCreate (default) and does not follow', async () => {
    const user = userEvent.setup();
    render(<Form newItem={false} initial={{ title: 'Old', slug: 'old' }} />);
    expect(slugBox().disabled).toBe(true);
    await user.type(screen.getByLabelText('Title'), ' title');
    expect(values().slug).toBe('old');
  });

  it('follows on an existing item when onlyOnCreate is off and the slug still mirrors the field', async () => {
    const user = userEvent.setup();
    render(
      <Form newItem={false} initial={{ title: 'Old', slug: 'old' }} options={{ onlyOnCreate: false }} />,
    );
    await user.type(screen.getByLabelText('Title'), ' title');
    expect(values().slug).toBe('old-title');
  });

  it('leaves a slug that was set by hand before alone', async () => {
    const user = userEvent.setup();
    render(
      <Form newItem={false} initial={{ title: 'Old', slug: 'custom' }} options={{ onlyOnCreate: false }} />,
    );
    await user.type(screen.getByLabelText('Title'), ' title');
    expect(values().slug).toBe('custom');
  });
});
