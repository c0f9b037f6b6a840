// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { clampPercent, ProgressRing } from './ProgressRing';

afterEach(cleanup);

describe('ProgressRing', () => {
  it('clamps its value to 0–100 and reports it as a progress bar', () => {
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(42.4)).toBe(42);
    expect(clampPercent(250)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(0);
    const { rerender } = render(<ProgressRing value={140} label="Uploading" />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    rerender(<ProgressRing value={-3} label="Uploading" />);
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    rerender(<ProgressRing value={95} label="Uploading" showValue />);
    expect(bar.getAttribute('aria-valuenow')).toBe('95');
    expect(bar.textContent).toBe('95');
  });
});
