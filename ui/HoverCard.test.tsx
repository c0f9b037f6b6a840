// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { HOVER_CARD_DELAY, HoverCard } from './HoverCard';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(onOpenChange?: (open: boolean) => void) {
  const content = vi.fn(() => <p>Elena Marsh, Editor</p>);
  render(
    <HoverCard content={content} onOpenChange={onOpenChange}>
      <a href="#/users/2">Elena</a>
    </HoverCard>,
  );
  return { link: screen.getByRole('link', { name: 'Elena' }), content };
}

describe('HoverCard', () => {
  it('shows 300 ms after the pointer comes and describes its anchor', () => {
    vi.useFakeTimers();
    expect(HOVER_CARD_DELAY.show).toBe(300);
    const { link, content } = setup();
    fireEvent.pointerEnter(link.parentElement!);
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('tooltip')).toBeNull();
    // The content is built only once the card opens.
    expect(content).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    const card = screen.getByRole('tooltip');
    expect(card.textContent).toBe('Elena Marsh, Editor');
    expect(link.getAttribute('aria-describedby')).toBe(card.id);
    // Drawn over the page (a portal), not inside the anchor.
    expect(link.parentElement!.contains(card)).toBe(false);
  });

  it('stays while the pointer moves into the card and closes after it leaves both', () => {
    vi.useFakeTimers();
    const { link } = setup();
    fireEvent.pointerEnter(link.parentElement!);
    act(() => vi.advanceTimersByTime(300));
    fireEvent.pointerLeave(link.parentElement!);
    fireEvent.pointerEnter(screen.getByRole('tooltip'));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.pointerLeave(screen.getByRole('tooltip'));
    act(() => vi.advanceTimersByTime(HOVER_CARD_DELAY.hide));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(link.getAttribute('aria-describedby')).toBeNull();
  });

  it('a pointer that only passes by opens nothing', () => {
    vi.useFakeTimers();
    const { link } = setup();
    fireEvent.pointerEnter(link.parentElement!);
    act(() => vi.advanceTimersByTime(200));
    fireEvent.pointerLeave(link.parentElement!);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens on keyboard focus, closes on Escape and on blur', () => {
    vi.useFakeTimers();
    const changes: boolean[] = [];
    const { link } = setup((open) => changes.push(open));
    fireEvent.focus(link);
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.blur(link);
    fireEvent.focus(link);
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.blur(link);
    act(() => vi.advanceTimersByTime(HOVER_CARD_DELAY.hide));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(changes).toEqual([true, false, true, false]);
  });

  it('takes the Escape for itself, so a dialog under it stays open', () => {
    vi.useFakeTimers();
    const onDialogKey = vi.fn();
    render(
      <div role="dialog" aria-label="Preview" onKeyDown={onDialogKey}>
        <HoverCard content="Card">
          <button type="button">Name</button>
        </HoverCard>
      </div>,
    );
    const button = screen.getByRole('button', { name: 'Name' });
    fireEvent.focus(button);
    act(() => vi.advanceTimersByTime(300));
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(onDialogKey).not.toHaveBeenCalled();
    // With the card closed, Escape reaches the dialog again.
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(onDialogKey).toHaveBeenCalledTimes(1);
  });

  it('can be held open (reviews)', () => {
    render(
      <HoverCard content="Always" open>
        <button type="button">Anchor</button>
      </HoverCard>,
    );
    expect(screen.getByRole('tooltip').textContent).toBe('Always');
  });
});
