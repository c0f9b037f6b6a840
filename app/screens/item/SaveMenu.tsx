import type { SaveMode } from '../../../machines/item-edit.machine';
import { Button, Menu } from '../../../ui';
import { useT } from '../../i18n';

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
  return (
    <div className="item-save">
      <Button
        className="item-save__main"
        icon="check"
        disabled={!enabled}
        loading={saving}
        onClick={() => onSave('leave')}
      >
        {saving ? t('edit.saving') : t('edit.save')}
      </Button>
      {modes.length > 0 && (
        <Menu
          label={t('edit.save_options')}
          icon="arrow_drop_down"
          variant="primary"
          align="end"
          disabled={!enabled}
          items={modes.map((mode) => ({
            id: mode,
            label: mode === 'stay' ? `${t(LABELS[mode])} (${t('edit.save_shortcut')})` : t(LABELS[mode]),
            onSelect: () => onSave(mode),
          }))}
        />
      )}
    </div>
  );
}
