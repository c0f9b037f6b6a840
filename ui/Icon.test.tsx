// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Icon } from './Icon';
import { IconButton } from './IconButton';

afterEach(cleanup);

describe('Icon', () => {
  it('renders the ligature name in the Material Symbols font, hidden from assistive technology', () => {
    const { container } = render(<Icon name="account_circle" size={32} />);
    const icon = container.querySelector('.octavo-symbol') as HTMLElement;
    // The stylesheet draws the name as a ligature; the element holds no text of its own.
    expect(icon.getAttribute('data-icon')).toBe('account_circle');
    expect(icon.textContent).toBe('');
    expect(icon.classList.contains('material-symbols-outlined')).toBe(true);
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(icon.getAttribute('role')).toBeNull();
    expect(icon.style.fontSize).toBe('32px');
  });

  it('is an image with a name when it has a label', () => {
    render(<Icon name="warning" label="Warning" />);
    const icon = screen.getByRole('img', { name: 'Warning' });
    expect(icon.getAttribute('aria-hidden')).toBeNull();
    expect(icon.getAttribute('data-icon')).toBe('warning');
  });

  it('draws the icon of an icon button as a glyph, named by the button', () => {
    render(<IconButton icon="settings_backup_restore" label="Reset" onClick={() => {}} tooltip={false} />);
    const button = screen.getByRole('button', { name: 'Reset' });
    expect(button.querySelector('.material-symbols-outlined')?.getAttribute('data-icon')).toBe(
      'settings_backup_restore',
    );
    expect(button.textContent).toBe('');
  });

  it('marks directional glyphs (arrows, chevrons) to be mirrored in right-to-left pages', () => {
    const { container } = render(
      <>
        <Icon name="chevron_right" />
        <Icon name="arrow_back" />
        <Icon name="home" />
        <Icon name="logout" mirrorInRtl={false} />
        <IconButton icon="navigate_next" label="Next" onClick={() => {}} tooltip={false} />
      </>,
    );
    const mirrored = [...container.querySelectorAll('.octavo-symbol--mirror')].map((n) =>
      n.getAttribute('data-icon'),
    );
    expect(mirrored).toEqual(['chevron_right', 'arrow_back', 'navigate_next']);
  });
});
