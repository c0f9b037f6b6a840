// @vitest-environment jsdom
import '../../app/shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldDefinition } from '../types';
import { createCoreRegistry } from '../registry/core-registry';
import { I18nProvider } from '../../app/i18n';
import { ListView } from './ListView';
import { buildListQuery } from './build-query';
import { cardFallbackTitle, cardImage, cardsRequestFields, tidyLine } from './cards';
import { CardsLayout } from './CardsLayout';

afterEach(cleanup);

const registry = createCoreRegistry();
const cards = registry.resolveLayout('cards').definition;

const people: FieldDefinition[] = [
  { collection: 'people', field: 'id', type: 'integer', interface: 'primary-key', primary_key: 1 },
  { collection: 'people', field: 'status', type: 'status', interface: 'status' },
  { collection: 'people', field: 'name', type: 'string', interface: 'text-input' },
  { collection: 'people', field: 'email', type: 'string', interface: 'text-input' },
  { collection: 'people', field: 'photo', type: 'file', interface: 'file' },
  { collection: 'people', field: 'team', type: 'm2o', interface: 'many-to-one' },
];
const people_items = [
  {
    id: 1,
    name: 'Ada',
    email: 'ada@example.com',
    team: { id: 3, name: 'Engines' },
    photo: { id: 9, private_hash: 'abc123', type: 'image/png' },
  },
  { id: 2, name: 'Grace', email: 'grace@example.com', team: null, photo: null },
  {
    id: 3,
    name: 'Linus',
    email: null,
    team: null,
    photo: { id: 10, private_hash: 'pdf1', type: 'application/pdf' },
  },
];
const assetUrl = (hash: string, key: string) => `/p/assets/${hash}?key=${key}`;

function renderCards(props: Partial<Parameters<typeof ListView>[0]> = {}) {
  return render(
    <ListView
      registry={registry}
      fields={people}
      items={people_items}
      viewType="cards"
      viewOptions={{
        cards: { title: 'name', subtitle: '{{ email }} · {{ team.name }}', src: 'photo', icon: 'person' },
      }}
      assetUrl={assetUrl}
      {...props}
    />,
    { wrapper: I18nProvider },
  );
}

const cardOf = (title: string) => screen.getByText(title).closest('li')!;

describe('the cards layout', () => {
  it('draws a card per item: title field, subtitle template, thumbnail or icon', () => {
    renderCards();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(within(cardOf('Ada')).getByText('ada@example.com · Engines')).toBeTruthy();
    expect(cardOf('Ada').querySelector('img')!.getAttribute('src')).toBe(
      '/p/assets/abc123?key=directus-medium-crop',
    );
    // No file: the fallback icon; a file the server makes no thumbnail of (a PDF): the icon too.
    expect(cardOf('Grace').querySelector('img')).toBeNull();
    expect(cardOf('Grace').querySelector('[data-icon="person"]')).toBeTruthy();
    expect(cardOf('Linus').querySelector('[data-icon="person"]')).toBeTruthy();
  });

  it('shows the broken-image icon when a thumbnail fails to load', () => {
    renderCards();
    fireEvent.error(cardOf('Ada').querySelector('img')!);
    expect(within(cardOf('Ada')).getByRole('img', { name: 'The image could not be loaded' })).toBeTruthy();
  });

  it('opens an item by click and by Enter', async () => {
    const onItemClick = vi.fn();
    renderCards({ onItemClick });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Grace' }));
    expect(onItemClick).toHaveBeenLastCalledWith(people_items[1]);
    screen.getByRole('button', { name: 'Ada' }).focus();
    await user.keyboard('{Enter}');
    expect(onItemClick).toHaveBeenLastCalledWith(people_items[0]);
  });

  it('selects cards one by one and all at once', async () => {
    const onSelectionChange = vi.fn();
    const view = renderCards({ selection: [], onSelectionChange });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select Grace' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['2']);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['1', '2', '3']);
    view.rerender(
      <ListView
        registry={registry}
        fields={people}
        items={people_items}
        viewType="cards"
        viewOptions={{ cards: { title: 'name' } }}
        selection={['1', '2', '3']}
        onSelectionChange={onSelectionChange}
      />,
    );
    expect((screen.getByRole('checkbox', { name: 'Select Ada' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([]);
  });

  it('asks for the next page when the end of the cards comes into view', () => {
    const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    class FakeObserver {
      entry: { callback: IntersectionObserverCallback; target?: Element };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    try {
      const onEndReached = vi.fn();
      renderCards({ onEndReached });
      const { callback, target } = observers.at(-1)!;
      expect(target!.className).toContain('sentinel');
      act(() =>
        callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver),
      );
      expect(onEndReached).not.toHaveBeenCalled();
      act(() =>
        callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
      );
      expect(onEndReached).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('titles a card by its first text field when no title is set, else by its key', () => {
    renderCards({ viewOptions: { cards: {} } });
    expect(screen.getByRole('button', { name: 'Ada' })).toBeTruthy();
    cleanup();
    render(<ListView registry={registry} fields={people} items={[{ id: 7 }]} viewType="cards" />, {
      wrapper: I18nProvider,
    });
    expect(screen.getByRole('button', { name: '#7' })).toBeTruthy();
  });
});

describe('what the cards layout asks the API for', () => {
  it('the template and title fields, related objects whole, and the image file', () => {
    expect(
      cardsRequestFields(people, {
        title: 'name',
        subtitle: '{{ email }} {{ team.name }}',
        content: 'team',
        src: 'photo',
      }),
    ).toEqual(['name', 'email', 'team.name', 'team.*', 'status', 'photo.*']);
    const query = buildListQuery({
      layout: cards,
      fields: people,
      viewOptions: { title: '{{name}}', src: 'photo' },
      viewQuery: { sort: '-name' },
      limit: 20,
      listQuery: CardsLayout.listQuery,
    });
    expect(query.fields).toEqual(['id', 'name', 'status', 'photo.*']);
    expect(query.sort).toBe('-name');
  });

  it("on directus_files: the file's own data block", () => {
    const files: FieldDefinition[] = [
      { collection: 'directus_files', field: 'id', type: 'integer', primary_key: true },
      { collection: 'directus_files', field: 'title', type: 'string', interface: 'text-input' },
      { collection: 'directus_files', field: 'data', type: 'alias', interface: 'file' },
    ];
    expect(cardsRequestFields(files, { title: 'title', src: 'data' })).toEqual(['title', 'data', 'type']);
    const file = {
      id: 1,
      data: {
        thumbnails: [
          { key: 'directus-small-crop', relative_url: '/p/assets/h?key=directus-small-crop' },
          { key: 'directus-large-crop', relative_url: '/p/assets/h?key=directus-large-crop' },
        ],
      },
    };
    expect(cardImage(file, files[2], 'large')).toBe('/p/assets/h?key=directus-large-crop');
    // No preset of the wanted name: the first crop one.
    expect(cardImage(file, files[2], 'medium')).toBe('/p/assets/h?key=directus-small-crop');
    expect(cardImage({ id: 2, data: { thumbnails: null } }, files[2], 'medium')).toBeNull();
  });
});

describe('status badges, dangling separators and people without a name', () => {
  it("draws each card's status as its mapping's badge", () => {
    const withStatus = people.map((field) =>
      field.field === 'status'
        ? {
            ...field,
            options: { status_mapping: { active: { name: 'Active', background_color: 'success' } } },
          }
        : field,
    );
    render(
      <ListView
        registry={registry}
        fields={withStatus}
        items={[
          { id: 1, name: 'Ada', status: 'active' },
          { id: 2, name: 'Grace', status: null },
        ]}
        viewType="cards"
        viewOptions={{ cards: { title: 'name' } }}
      />,
      { wrapper: I18nProvider },
    );
    const [ada, grace] = document.querySelectorAll('.octavo-cards__card');
    expect(ada.querySelector('.octavo-cards__status')?.textContent).toBe('Active');
    expect(grace.querySelector('.octavo-cards__status')).toBeNull();
  });

  it('drops the separators that missing template values leave at the ends of a line', () => {
    expect(tidyLine(' · Acme')).toBe('Acme');
    expect(tidyLine('CEO · ')).toBe('CEO');
    expect(tidyLine('CEO · Acme')).toBe('CEO · Acme');
    expect(tidyLine(' · ')).toBe('');
    renderCards({ items: [{ id: 4, name: 'Nameless', email: null, team: { id: 3, name: 'Engines' } }] });
    expect(document.querySelector('.octavo-cards__subtitle')?.textContent).toBe('Engines');
  });

  it('names a user without a name by their email, anything else by its key', () => {
    const users: FieldDefinition[] = [
      { collection: 'directus_users', field: 'id', type: 'integer', primary_key: true },
      { collection: 'directus_users', field: 'first_name', type: 'string' },
      { collection: 'directus_users', field: 'email', type: 'string' },
    ];
    expect(cardFallbackTitle(users, { id: 5, email: 'ada@example.com' }, '5')).toBe('ada@example.com');
    expect(cardFallbackTitle(users, { id: 5, email: null }, '5')).toBe('#5');
    expect(cardFallbackTitle(people, { id: 5, email: 'ada@example.com' }, '5')).toBe('#5');
    expect(cardsRequestFields(users, { title: '{{ first_name }}' })).toEqual(['first_name', 'email']);
  });
});
