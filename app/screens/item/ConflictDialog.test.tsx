// @vitest-environment jsdom
import '../../shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { ConflictDialog } from './ConflictDialog';

afterEach(cleanup);

function show(props: Partial<Parameters<typeof ConflictDialog>[0]> = {}) {
  const onChoose = vi.fn();
  render(
    <I18nProvider>
      <ConflictDialog open savedBy="Admin User" busy={false} onChoose={onChoose} {...props} />
    </I18nProvider>,
  );
  return onChoose;
}

describe('the conflict dialog', () => {
  it('names who saved, and focuses the safe answer first', () => {
    show();
    const dialog = screen.getByRole('alertdialog', { name: 'This item changed since you opened it' });
    expect(dialog.textContent).toContain('Admin User saved this item after you loaded it');
    expect(document.activeElement?.textContent).toBe('Cancel');
  });

  it('says "someone" when it does not know who', () => {
    show({ savedBy: null });
    expect(screen.getByRole('alertdialog').textContent).toContain('Someone saved this item');
  });

  it('answers each choice, and Escape keeps editing', () => {
    const onChoose = show();
    fireEvent.click(screen.getByRole('button', { name: 'Reload their version (discard mine)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Overwrite with mine' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onChoose.mock.calls.map(([choice]) => choice)).toEqual([
      'RELOAD_THEIRS',
      'OVERWRITE',
      'KEEP_EDITING',
      'KEEP_EDITING',
    ]);
  });

  it('while the overwrite saves, nothing else can be chosen', () => {
    const onChoose = show({ busy: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Reload their version (discard mine)' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onChoose).not.toHaveBeenCalled();
  });
});
