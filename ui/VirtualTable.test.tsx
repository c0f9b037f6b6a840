// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { VirtualTable, visibleRange } from './VirtualTable';

afterEach(cleanup);

const rows = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
const columns = [{ key: 'name', label: 'Name', sortable: true }];

function table(extra: Partial<Parameters<typeof VirtualTable<(typeof rows)[number]>>[0]> = {}) {
  return render(
    <VirtualTable
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      renderCell={(row) => row.name}
      {...extra}
    />,
  );
}

describe('VirtualTable', () => {
  it('draws only the rows around the viewport', () => {
    expect(visibleRange(0, 800, 48, 100_000)).toEqual({ first: 0, last: 25 });
    expect(visibleRange(48 * 50_000, 800, 48, 100_000)).toEqual({ first: 49_992, last: 50_025 });
    expect(visibleRange(48 * 99_990, 800, 48, 100_000).last).toBe(100_000);
    table();
    const drawn = screen.getAllByRole('row').length - 1;
    expect(drawn).toBeLessThan(40);
    const scroller = document.querySelector('.octavo-vtable__scroll') as HTMLElement;
    scroller.scrollTop = 48 * 500;
    fireEvent.scroll(scroller);
    expect(screen.getByText('Row 500')).toBeTruthy();
    expect(screen.queryByText('Row 2')).toBeNull();
  });

  it('resizes a column by dragging its edge and reports the width on release', () => {
    const onResize = vi.fn();
    table({ onResize });
    const edge = screen.getByRole('separator', { name: 'Resize Name' });
    fireEvent.pointerDown(edge, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(edge, { clientX: 180, pointerId: 1 });
    expect(screen.getByRole('columnheader', { name: /Name/ }).style.width).toBe('280px');
    expect(onResize).not.toHaveBeenCalled();
    fireEvent.pointerUp(edge, { clientX: 180, pointerId: 1 });
    expect(onResize).toHaveBeenCalledWith('name', 280);
    fireEvent.keyDown(edge, { key: 'ArrowLeft' });
    expect(onResize).toHaveBeenLastCalledWith('name', 260);
  });

  it('resizes a column the other way in a right-to-left page, where its edge is on the left', () => {
    const onResize = vi.fn();
    document.documentElement.dir = 'rtl';
    try {
      table({ onResize });
      const edge = screen.getByRole('separator', { name: 'Resize Name' });
      fireEvent.pointerDown(edge, { clientX: 180, pointerId: 1 });
      fireEvent.pointerMove(edge, { clientX: 100, pointerId: 1 });
      fireEvent.pointerUp(edge, { clientX: 100, pointerId: 1 });
      expect(onResize).toHaveBeenCalledWith('name', 280);
      fireEvent.keyDown(edge, { key: 'ArrowLeft' });
      expect(onResize).toHaveBeenLastCalledWith('name', 300);
    } finally {
      document.documentElement.removeAttribute('dir');
    }
  });

  it('drags a row to a new position with the pointer when manual sorting is on', () => {
    const onReorder = vi.fn();
    table({ manualSort: { active: true, onToggle: () => {}, onReorder } });
    const handle = screen.getAllByRole('button', { name: 'Drag to reorder' })[0];
    fireEvent.pointerDown(handle, { clientY: 10, pointerId: 1, button: 0 });
    fireEvent.pointerMove(handle, { clientY: 10 + 48 * 3, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientY: 10 + 48 * 3, pointerId: 1 });
    expect(onReorder).toHaveBeenCalledWith(0, 3);
  });

  it('asks for more rows within 500 px of the end', () => {
    const onEndReached = vi.fn();
    table({ onEndReached });
    expect(onEndReached).not.toHaveBeenCalled();
    const scroller = document.querySelector('.octavo-vtable__scroll') as HTMLElement;
    scroller.scrollTop = 48 * 1001 - 800 - 501;
    fireEvent.scroll(scroller);
    expect(onEndReached).not.toHaveBeenCalled();
    scroller.scrollTop = 48 * 1001 - 800 - 499;
    fireEvent.scroll(scroller);
    expect(onEndReached).toHaveBeenCalledTimes(1);
  });
});
