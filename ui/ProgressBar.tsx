import { clampPercent } from './ProgressRing';
import './ProgressBar.css';

export interface ProgressBarProps {
  /** Percent done; values outside 0–100 are clamped. */
  value: number;
  /** What is progressing (the progress bar's accessible name). */
  label: string;
  color?: 'accent' | 'success' | 'warning' | 'danger';
}

/** A thin horizontal progress indicator (role="progressbar"), e.g. one row of an upload list. */
export function ProgressBar({ value, label, color = 'accent' }: ProgressBarProps) {
  const percent = clampPercent(value);
  return (
    <span
      className={`octavo-progress-bar octavo-progress-bar--${color}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <span className="octavo-progress-bar__fill" style={{ width: `${percent}%` }} />
    </span>
  );
}
