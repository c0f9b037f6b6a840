// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import type { FieldDefinition } from '../../types';
import { FormServicesContext, type InterfaceComponentProps } from '../contract';
import ButtonGroup from './ButtonGroup';
import Calendar from './Calendar';
import ColorPalette from './ColorPalette';
import ColorPicker from './ColorPicker';
import FileSize from './FileSize';
import IconPicker, { ICONS_SHOWN } from './IconPicker';
import Language from './Language';
import MapInterface from './Map';
import Multiselect from './Multiselect';
import Rating from './Rating';
import Slider from './Slider';
import ToggleIcon from './ToggleIcon';
import { FileSizeDisplay, MapDisplay, RatingDisplay, SwatchDisplay } from './displays';

// The real icon list, read from disk: a worktree's linked node_modules lies outside Vite's allowed
// folders for browser-mode transforms, so `?raw` is served here instead of through Vite.
vi.mock('material-symbols/index.d.ts?raw', async () => {
  const { readFileSync } = await import('node:fs');
  const { createRequire } = await import('node:module');
  const path = createRequire(import.meta.url).resolve('material-symbols/index.d.ts');
  return { default: readFileSync(path, 'utf8') };
});

afterEach(cleanup);

/** Mounts one interface the way a form does, keeping its value; every emitted value is recorded. */
function mount(
  Component: ComponentType<InterfaceComponentProps>,
  props: Record<string, unknown> = {},
  initial: unknown = null,
  type = 'string',
) {
  const emitted: unknown[] = [];
  const field = { field: 'thing', name: 'Thing', type } as FieldDefinition;
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <>
        <label htmlFor="thing">Thing</label>
        <Component
          id="thing"
          value={value}
          onChange={(next) => {
            emitted.push(next);
            setValue(next);
          }}
          disabled={false}
          required={false}
          field={field}
          values={{}}
          newItem
          {...props}
        />
      </>
    );
  }
  render(<Host />);
  return { emitted, last: () => emitted.at(-1) };
}

describe('color-palette', () => {
  it('stores the palette name chosen with the arrow keys or a click', async () => {
    const user = userEvent.setup();
    const { last } = mount(ColorPalette, {}, 'amber');
    const group = screen.getByRole('radiogroup', { name: 'Thing' });
    expect(within(group).getAllByRole('radio')).toHaveLength(12);
    const amber = within(group).getByRole('radio', { name: 'interfaces.pickers.color_amber' });
    expect(amber.getAttribute('aria-checked')).toBe('true');
    amber.focus();
    await user.keyboard('{ArrowRight}');
    expect(last()).toBe('yellow');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('interfaces.pickers.color_yellow');
    await user.click(within(group).getByRole('radio', { name: 'interfaces.pickers.color_blue_grey' }));
    expect(last()).toBe('blue-grey');
  });
  it('takes Directus 8 shade names as their hue', () => {
    mount(ColorPalette, {}, 'pink-500');
    expect(
      screen.getByRole('radio', { name: 'interfaces.pickers.color_pink' }).getAttribute('aria-checked'),
    ).toBe('true');
  });
});

describe('color', () => {
  it('stores what is typed in the format option', async () => {
    const user = userEvent.setup();
    const { last } = mount(ColorPicker, { format: 'rgb', palette: ['#E91E63', '#2196F3'] });
    await user.type(screen.getByLabelText('Thing'), '#2196f3{Enter}');
    expect(last()).toBe('rgb(33, 150, 243)');
    expect(screen.getByRole('radio', { name: '#2196F3' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('radio', { name: '#E91E63' }));
    expect(last()).toBe('rgb(233, 30, 99)');
  });
  it('says so when the text is not a colour, and keeps the value', async () => {
    const user = userEvent.setup();
    const { emitted } = mount(ColorPicker, { format: 'hex' }, '#FF0000');
    const input = screen.getByLabelText('Thing');
    await user.clear(input);
    await user.type(input, 'reddish{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('interfaces.pickers.color_invalid');
    expect(emitted).toEqual([]);
  });
  it('opens the picker and offers only the palette with paletteOnly', async () => {
    const user = userEvent.setup();
    mount(ColorPicker, { format: 'hex', palette: ['#E91E63'] }, '#E91E63');
    await user.click(screen.getByRole('button', { name: 'interfaces.pickers.color_open' }));
    expect(screen.getByRole('dialog', { name: 'interfaces.pickers.color_picker' })).toBeTruthy();
    cleanup();
    mount(ColorPicker, { palette: ['#E91E63'], paletteOnly: true });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('radiogroup', { name: 'Thing' })).toBeTruthy();
  });
});

describe('rating', () => {
  it('is a radio group of max_stars stars that emits integers', async () => {
    const user = userEvent.setup();
    const { last } = mount(Rating, { maxStars: 7, activeColor: 'amber' }, null, 'integer');
    const stars = screen.getAllByRole('radio');
    expect(stars).toHaveLength(7);
    await user.click(stars[3]);
    expect(last()).toBe(4);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(last()).toBe(6);
    await user.keyboard('{Home}');
    expect(last()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'interfaces.pickers.rating_clear' }));
    expect(last()).toBeNull();
  });
  it('displays stars or the number', () => {
    render(<RatingDisplay value={3} maxStars={5} display="star" />);
    expect(screen.getByRole('img')?.getAttribute('aria-label')).toBe(
      'interfaces.pickers.rating_of {"value":3,"max":5}',
    );
    cleanup();
    render(<RatingDisplay value={3} maxStars={5} display="number" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(document.body.textContent).toContain('interfaces.pickers.rating_of');
  });
});

describe('slider', () => {
  it('emits numbers within its range, shown with the unit', () => {
    const { last } = mount(Slider, { minimum: 10, maximum: 50, step: 5, unit: '%' }, 20, 'integer');
    const range = screen.getByRole('slider', { name: 'Thing' });
    expect(range.getAttribute('min')).toBe('10');
    expect(range.getAttribute('max')).toBe('50');
    expect(range.getAttribute('aria-valuetext')).toBe('20 %');
    fireEvent.change(range, { target: { value: '35' } });
    expect(last()).toBe(35);
    expect(screen.getByText('35 %')).toBeTruthy();
  });
});

describe('toggle-icon', () => {
  it('is a pressed button that emits booleans', async () => {
    const user = userEvent.setup();
    const { last } = mount(ToggleIcon, { textActive: 'Loved', textInactive: 'Not yet' }, false, 'boolean');
    const button = screen.getByRole('button', { name: 'Thing' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toContain('Not yet');
    await user.click(button);
    expect(last()).toBe(true);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.textContent).toContain('Loved');
  });
});

describe('button-group', () => {
  it('chooses one of the repeater choices by keyboard and mouse', async () => {
    const user = userEvent.setup();
    const choices = [
      { label: 'Small', value: 's', icon: 'looks_one' },
      { label: 'Medium', value: 'm' },
      { label: 'Large', value: 'l' },
    ];
    const { last } = mount(ButtonGroup, { choices, theme: 'outline' });
    await user.click(screen.getByRole('radio', { name: 'Medium' }));
    expect(last()).toBe('m');
    await user.keyboard('{ArrowRight}');
    expect(last()).toBe('l');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Large' }));
  });
});

describe('calendar', () => {
  it('moves by day, week and month with the keys and chooses with Enter', async () => {
    const user = userEvent.setup();
    const { last } = mount(Calendar, {}, '2024-03-15', 'date');
    const grid = screen.getByRole('grid');
    within(grid).getByRole('button', { pressed: undefined, name: /15/ });
    const focused = grid.querySelector<HTMLButtonElement>('[data-day="2024-03-15"]')!;
    expect(focused.tabIndex).toBe(0);
    focused.focus();
    await user.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    expect(last()).toBe('2024-03-23');
    await user.keyboard('{PageDown}{Enter}');
    expect(last()).toBe('2024-04-23');
    await user.keyboard('{PageUp}{PageUp}{ }');
    expect(last()).toBe('2024-02-23');
  });
  it('keeps to min and max', async () => {
    const user = userEvent.setup();
    const { emitted } = mount(Calendar, { min: '2024-03-10', max: '2024-03-20' }, '2024-03-12', 'date');
    const grid = screen.getByRole('grid');
    grid.querySelector<HTMLButtonElement>('[data-day="2024-03-12"]')!.focus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(emitted.at(-1)).toBe('2024-03-10');
    await user.click(grid.querySelector<HTMLButtonElement>('[data-day="2024-03-25"]')!);
    expect(emitted.at(-1)).toBe('2024-03-10');
    expect(
      (screen.getByRole('button', { name: 'interfaces.pickers.calendar_next' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });
});

describe('multiselect', () => {
  const choices = { red: 'Red', green: 'Green', blue: 'Blue' };
  it('toggles options with Space and clicks and emits an array in choice order', async () => {
    const user = userEvent.setup();
    const { last } = mount(Multiselect, { choices }, null, 'array');
    const list = screen.getByRole('listbox', { name: 'Thing' });
    expect(list.getAttribute('aria-multiselectable')).toBe('true');
    list.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ }');
    expect(last()).toEqual(['blue']);
    await user.click(screen.getByRole('option', { name: 'Red' }));
    expect(last()).toEqual(['red', 'blue']);
    await user.keyboard('{ }');
    expect(last()).toEqual(['blue']);
  });
  it('writes a wrapped list into a string field', async () => {
    const user = userEvent.setup();
    const { last } = mount(Multiselect, { choices, wrap: true }, 'green', 'string');
    await user.click(screen.getByRole('option', { name: 'Red' }));
    expect(last()).toBe(',red,green,');
  });
});

describe('file-size', () => {
  it('reads "2 MB" into bytes and shows bytes as a size', async () => {
    const user = userEvent.setup();
    const { last } = mount(FileSize, { decimal: true }, 1_500_000, 'integer');
    const input = screen.getByLabelText('Thing');
    expect((input as HTMLInputElement).value).toBe('1.5 MB');
    await user.clear(input);
    await user.type(input, '2 MB{Enter}');
    expect(last()).toBe(2_000_000);
    expect((input as HTMLInputElement).value).toBe('2 MB');
  });
  it('refuses what is not a size', async () => {
    const user = userEvent.setup();
    const { emitted } = mount(FileSize, {}, null, 'integer');
    await user.type(screen.getByLabelText('Thing'), 'big{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('interfaces.pickers.file_size_invalid');
    expect(emitted).toEqual([]);
  });
  it('displays a size', () => {
    render(<FileSizeDisplay value={2048} decimal={false} />);
    expect(document.body.textContent).toContain('2 KiB');
  });
});

describe('language', () => {
  it('filters by name and chooses with the keyboard', async () => {
    const user = userEvent.setup();
    document.documentElement.lang = 'en';
    const { last } = mount(Language, { limit: true });
    const box = screen.getByRole('combobox', { name: 'Thing' });
    await user.type(box, 'german');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options[0].textContent).toContain('German (Germany)');
    await user.keyboard('{Enter}');
    expect(last()).toBe('de-DE');
    expect((box as HTMLInputElement).value).toBe('German (Germany) (de-DE)');
  });
});

describe('icon', () => {
  it('caps the grid, searches and chooses with the arrows', async () => {
    const user = userEvent.setup();
    const { last } = mount(IconPicker);
    expect(screen.getAllByRole('option')).toHaveLength(ICONS_SHOWN);
    await user.type(screen.getByLabelText('Thing'), 'star');
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThan(2);
    expect(options.length).toBeLessThan(ICONS_SHOWN);
    // Options are named through the catalogue, with the icon's name as words.
    expect(options[0]?.getAttribute('aria-label')).toBe('interfaces.pickers.icon_option {"name":"star"}');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('listbox'));
    await user.keyboard('{ArrowRight}{Enter}');
    expect(last()).toBe(options[1].querySelector('[data-icon]')?.getAttribute('data-icon'));
    expect(screen.getAllByText(String(last())).length).toBeGreaterThan(0);
  });
});

describe('map', () => {
  it('without a tile server: a notice and coordinate inputs that emit { lat, lng }', async () => {
    const user = userEvent.setup();
    const emitted: unknown[] = [];
    render(
      <FormServicesContext.Provider value={{ mapTiles: null }}>
        <MapInterface
          id="where"
          value={null}
          onChange={(value) => emitted.push(value)}
          disabled={false}
          required={false}
          field={{ field: 'where', type: 'json' } as FieldDefinition}
          values={{}}
          newItem
        />
      </FormServicesContext.Provider>,
    );
    expect(screen.getByRole('status').textContent).toContain('interfaces.pickers.map_no_tiles');
    await user.type(screen.getByLabelText('interfaces.pickers.map_latitude'), '51.5');
    await user.type(screen.getByLabelText('interfaces.pickers.map_longitude'), '-0.1275');
    expect(emitted.at(-1)).toEqual({ lat: 51.5, lng: -0.1275 });
    await user.click(screen.getByRole('button', { name: 'interfaces.pickers.map_clear' }));
    expect(emitted.at(-1)).toBeNull();
  });
  it('rejects coordinates out of range', async () => {
    const user = userEvent.setup();
    const { emitted } = mount(MapInterface, {}, null, 'json');
    await user.type(screen.getByLabelText('interfaces.pickers.map_latitude'), '95');
    await user.type(screen.getByLabelText('interfaces.pickers.map_longitude'), '10');
    expect(screen.getByRole('alert').textContent).toContain('interfaces.pickers.map_out_of_range');
    expect(emitted).toEqual([]);
  });
  it('displays coordinates', () => {
    render(<MapDisplay value={{ lat: 40.72803624, lng: -73.94896388 }} />);
    expect(document.body.textContent).toContain('40.72804, -73.94896');
  });
});

describe('swatch display', () => {
  it('names palette colours and shows other colours as written', () => {
    render(<SwatchDisplay value="amber" />);
    expect(document.body.textContent).toContain('interfaces.pickers.color_amber');
    cleanup();
    render(<SwatchDisplay value="#E91E63" />);
    expect(document.body.textContent).toContain('#E91E63');
  });
});
