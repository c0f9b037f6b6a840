/** The few line icons of the item page that the shell's set does not have (inline SVG, no icon font). */
const PATHS: Record<string, string> = {
  delete: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  chevron_down: 'M6 9l6 6 6-6',
  check: 'M4 12l5 5L20 6',
  arrow_upward: 'M12 19V5M6 11l6-6 6 6',
  arrow_downward: 'M12 5v14M6 13l6 6 6-6',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  cloud_off: 'M3 3l18 18M8 6.5A6 6 0 0 1 18 10a4 4 0 0 1 2.5 7M17 19H7a5 5 0 0 1-1.5-9.8',
  search_off: 'M11 19a8 8 0 1 1 0-16 8 8 0 0 1 0 16zM21 21l-4.3-4.3M8 8l6 6M14 8l-6 6',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4',
};

export function ItemIcon({ name, size = 20 }: { name: keyof typeof PATHS | string; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name] ?? PATHS.check} />
    </svg>
  );
}
