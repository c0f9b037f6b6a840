// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { HEADER_TOOLTIP_DELAY, Tooltip } from './Tooltip';
import { IconButton } from './IconButton';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Tooltip', () => {
  it('shows 500 ms after hover or focus by default and hides at once', () => {
    vi.useFakeTimers();
    render(
      <Tooltip label="More about this">
        <button type="button">Info</button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Info' });
    fireEvent.pointerEnter(button.parentElement!);
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip').textContent).toBe('More about this');
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
    fireEvent.pointerLeave(button.parentElement!);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(button);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('uses 750 ms to show and 100 ms to hide on the header buttons', () => {
    vi.useFakeTimers();
    expect(HEADER_TOOLTIP_DELAY).toEqual({ show: 750, hide: 100 });
    render(<IconButton icon="info" label="Toggle the info sidebar" onClick={() => {}} tooltip="header" />);
    const button = screen.getByRole('button', { name: 'Toggle the info sidebar' });
    fireEvent.pointerEnter(button.parentElement!);
    act(() => vi.advanceTimersByTime(749));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip').textContent).toBe('Toggle the info sidebar');
    fireEvent.pointerLeave(button.parentElement!);
    act(() => vi.advanceTimersByTime(99));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('leaves a pointer that only passes by without a tooltip', () => {
    vi.useFakeTimers();
    render(
      <Tooltip label="Tip">
        <button type="button">B</button>
      </Tooltip>,
    );
    const anchor = screen.getByRole('button').parentElement!;
    fireEvent.pointerEnter(anchor);
    act(() => vi.advanceTimersByTime(300));
    fireEvent.pointerLeave(anchor);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
