import './ProgressRing.css';

export interface ProgressRingProps {
  /** Percent done; values outside 0–100 are clamped. */
  value: number;
  /** What is progressing (the progress bar's accessible name). */
  label: string;
  size?: number;
  /** Writes the percentage in the middle. */
  showValue?: boolean;
  color?: 'accent' | 'success' | 'warning' | 'danger';
}

export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

const RADIUS = 16;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A circular progress indicator (role="progressbar"), e.g. an upload's progress. */
export function ProgressRing({ value, label, size = 40, showValue, color = 'accent' }: ProgressRingProps) {
  const percent = clampPercent(value);
  return (
    <span
      className={`octavo-progress-ring octavo-progress-ring--${color}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      style={{ width: size, height: size }}
    >
      <svg viewBox="0 0 40 40" width={size} height={size} aria-hidden="true">
        <circle className="octavo-progress-ring__track" cx="20" cy="20" r={RADIUS} />
        <circle
          className="octavo-progress-ring__bar"
          cx="20"
          cy="20"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
        />
      </svg>
      {showValue && (
        <span className="octavo-progress-ring__value" aria-hidden="true">
          {percent}
        </span>
      )}
    </span>
  );
}
