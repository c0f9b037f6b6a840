// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Badge, badgeColors } from './Badge';
import { resolveColor } from './palette';

afterEach(cleanup);

describe('Badge colours', () => {
  it('resolves Directus colour names to palette tokens with a readable text colour', () => {
    expect(resolveColor('light-gray')).toEqual({
      color: 'var(--palette-light-gray)',
      on: 'var(--palette-light-gray-on)',
    });
    expect(resolveColor('success')).toEqual({ color: 'var(--success)', on: 'var(--success-contrast)' });
    expect(resolveColor('blue-grey')).toEqual({
      color: 'var(--palette-blue-grey)',
      on: 'var(--palette-blue-grey-on, var(--palette-on-dark))',
    });
    expect(resolveColor('blue-gray')?.color).toBe('var(--palette-blue-grey)');
    expect(resolveColor('light-grey')?.color).toBe('var(--palette-light-gray)');
    expect(resolveColor('blue-grey-100')).toEqual({
      color: 'color-mix(in srgb, var(--palette-blue-grey) 24%, var(--palette-tint))',
      on: 'var(--palette-tint-on)',
    });
    expect(resolveColor('red-800')?.color).toBe(
      'color-mix(in srgb, var(--palette-red), var(--palette-shade) 36%)',
    );
    expect(resolveColor('#ff0000')).toEqual({ color: '#ff0000' });
    expect(resolveColor('rgb(1, 2, 3)')).toEqual({ color: 'rgb(1, 2, 3)' });
    expect(resolveColor(null)).toBeNull();
    expect(resolveColor('')).toBeNull();
  });

  it('pairs a named background with its own text colour, and keeps the given one on custom backgrounds', () => {
    // The users' status mapping: white on light-gray would be unreadable.
    expect(badgeColors('white', 'light-gray')).toEqual({
      backgroundColor: 'var(--palette-light-gray)',
      color: 'var(--palette-light-gray-on)',
    });
    expect(badgeColors('white', 'danger')).toEqual({
      backgroundColor: 'var(--danger)',
      color: 'var(--danger-contrast)',
    });
    expect(badgeColors('#111111', '#eeeeee')).toEqual({ backgroundColor: '#eeeeee', color: '#111111' });
    expect(badgeColors('danger', null)).toEqual({ backgroundColor: undefined, color: 'var(--danger)' });
  });

  it('renders the resolved colours', () => {
    render(
      <Badge color="white" background="success">
        Active
      </Badge>,
    );
    const badge = screen.getByText('Active');
    expect(badge.style.backgroundColor).toBe('var(--success)');
    expect(badge.style.color).toBe('var(--success-contrast)');
  });
});
