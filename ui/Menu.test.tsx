// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Menu } from './Menu';

afterEach(cleanup);

describe('Menu', () => {
  it('opens from the keyboard, moves with the arrow keys, skips disabled entries and closes on Escape', () => {
    const copy = vi.fn();
    const remove = vi.fn();
    render(
      <Menu
        label="Actions"
        items={[
          { id: 'copy', label: 'Copy', onSelect: copy },
          { id: 'archive', label: 'Archive', onSelect: () => {}, disabled: true },
          { id: 'delete', label: 'Delete', onSelect: remove, danger: true },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'Actions' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const items = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(items[2], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0], { key: 'End' });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(items[2], { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    // ArrowUp opens on the last entry; choosing runs the action and closes.
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getAllByRole('menuitem')[2]);
    fireEvent.click(screen.getAllByRole('menuitem')[2]);
    expect(remove).toHaveBeenCalled();
    expect(copy).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
