export interface IconButtonProps {
  /** A Material Icons ligature name. */
  icon: string;
  /** The accessible name, also shown as a tooltip. */
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

export function IconButton(props: IconButtonProps) {
  return (
    <button
      type="button"
      className="octavo-icon-button"
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      <i className="octavo-icon" aria-hidden="true">
        {props.icon}
      </i>
    </button>
  );
}
