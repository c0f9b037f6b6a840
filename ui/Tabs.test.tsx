// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Tabs } from './Tabs';

afterEach(cleanup);

function Harness() {
  const [selected, setSelected] = useState('a');
  return (
    <Tabs
      label="Sections"
      selected={selected}
      onChange={setSelected}
      tabs={[
        { id: 'a', label: 'One' },
        { id: 'b', label: 'Two', disabled: true },
        { id: 'c', label: 'Three' },
      ]}
    >
      Panel {selected}
    </Tabs>
  );
}

describe('Tabs', () => {
  it('moves the selection with the arrow keys, Home and End, skipping disabled tabs', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeTruthy();
    const one = screen.getByRole('tab', { name: 'One' });
    const three = screen.getByRole('tab', { name: 'Three' });
    expect(one.getAttribute('aria-selected')).toBe('true');
    expect(one.tabIndex).toBe(0);
    expect(three.tabIndex).toBe(-1);
    fireEvent.keyDown(one, { key: 'ArrowRight' });
    expect(three.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(three);
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel c');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(three.id);
    fireEvent.keyDown(three, { key: 'ArrowRight' });
    expect(one.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(one, { key: 'ArrowLeft' });
    expect(three.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(three, { key: 'Home' });
    expect(one.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(one, { key: 'End' });
    expect(three.getAttribute('aria-selected')).toBe('true');
  });
});
