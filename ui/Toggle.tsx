import './Toggle.css';
export interface ToggleProps {
  id?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** One label for both states. */
  label?: string | null;
  labelOn?: string | null;
  labelOff?: string | null;
  /** A switch (role="switch") or a plain checkbox. */
  appearance?: 'switch' | 'checkbox';
  describedBy?: string;
}

export function Toggle(props: ToggleProps) {
  const label = props.label ?? (props.checked ? props.labelOn : props.labelOff);
  const isSwitch = (props.appearance ?? 'switch') === 'switch';
  return (
    <label className={`octavo-toggle octavo-toggle--${isSwitch ? 'switch' : 'checkbox'}`}>
      <input
        id={props.id}
        type="checkbox"
        role={isSwitch ? 'switch' : undefined}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      {label && <span className="octavo-toggle__label">{label}</span>}
    </label>
  );
}
