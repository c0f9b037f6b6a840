import { VisuallyHidden } from './VisuallyHidden';
import './Spinner.css';

export interface SpinnerProps {
  /** What is loading; announced politely (role="status"). Without it the spinner is decorative. */
  label?: string;
  /** Shows the label under the spinner instead of only announcing it. */
  showLabel?: boolean;
  size?: 'small' | 'medium' | 'large';
  className?: string;
}

/** An indeterminate loading indicator. */
export function Spinner({ label, showLabel, size = 'medium', className }: SpinnerProps) {
  const ring = <span className={`octavo-spinner__ring octavo-spinner__ring--${size}`} aria-hidden="true" />;
  if (!label) return <span className={`octavo-spinner${className ? ` ${className}` : ''}`}>{ring}</span>;
  return (
    <span
      className={`octavo-spinner${showLabel ? ' octavo-spinner--labelled' : ''}${className ? ` ${className}` : ''}`}
      role="status"
      aria-live="polite"
    >
      {ring}
      {showLabel ? (
        <span className="octavo-spinner__label">{label}</span>
      ) : (
        <VisuallyHidden>{label}</VisuallyHidden>
      )}
    </span>
  );
}
