import { useEffect, useRef, useState } from 'react';
import type { SaveMode } from '../../../machines/item-edit.machine';
import { useT } from '../../i18n';
import { ItemIcon } from './icons';

export interface SaveMenuProps {
  /** Something is staged and nothing is in flight. */
  enabled: boolean;
  saving: boolean;
  /** The modes offered in the menu beside the main button (which saves and leaves). */
  modes: SaveMode[];
  onSave: (mode: SaveMode) => void;
}

const LABELS: Record<SaveMode, string> = {
  leave: 'edit.save_and_leave',
  stay: 'edit.save_and_stay',
  add: 'edit.save_and_add',
  copy: 'edit.save_as_copy',
};

/** The split save button: the main part saves and returns to the listing, the menu holds stay/add/copy. */
export function SaveMenu({ enabled, saving, modes, onSave }: SaveMenuProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="item-save" ref={root}>
      <button
        type="button"
        className="item-button item-button--primary item-save__main"
        disabled={!enabled}
        aria-busy={saving || undefined}
        onClick={() => onSave('leave')}
      >
        <ItemIcon name="check" size={18} />
        <span>{saving ? t('edit.saving') : t('edit.save')}</span>
      </button>
      {modes.length > 0 && (
        <button
          type="button"
          className="item-button item-button--primary item-save__toggle"
          aria-label={t('edit.save_options')}
          aria-haspopup="menu"
          aria-expanded={open}
          disabled={!enabled}
          onClick={() => setOpen((value) => !value)}
        >
          <ItemIcon name="chevron_down" size={18} />
        </button>
      )}
      {open && enabled && (
        <ul className="item-save__menu" role="menu">
          {modes.map((mode) => (
            <li key={mode} role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  onSave(mode);
                }}
              >
                {t(LABELS[mode])}
                {mode === 'stay' && <kbd>{t('edit.save_shortcut')}</kbd>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
