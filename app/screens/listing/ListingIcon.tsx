/** Line icons of the listing screens, drawn like the shell's (inline SVG; the app loads no icon font). */
const PATHS: Record<string, string> = {
  search: 'M11 19a8 8 0 1 1 0-16 8 8 0 0 1 0 16zM21 21l-4.3-4.3',
  filter: 'M3 5h18l-7 8v6l-4 2v-8z',
  close: 'M6 6l12 12M18 6L6 18',
  add: 'M12 5v14M5 12h14',
  delete: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  tune: 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4',
  inbox: 'M3 13l3-8h12l3 8v6H3zM3 13h5l1 3h6l1-3h5',
  search_off: 'M11 19a8 8 0 1 1 0-16 8 8 0 0 1 0 16zM21 21l-4.3-4.3M8 8l6 6M14 8l-6 6',
  error: 'M12 22a10 10 0 1 1 0-20 10 10 0 0 1 0 20zM12 7v6M12 16.5v.5',
  hourglass: 'M6 3h12M6 21h12M7 3c0 5 10 7 10 18M17 3c0 5-10 7-10 18',
  view_column: 'M4 5h16v14H4zM9.3 5v14M14.7 5v14',
  chevron: 'M9 6l6 6-6 6',
};

export function ListingIcon({ name, size = 20 }: { name: string; size?: number }) {
  return (
    <svg
      className="listing-icon"
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
      <path d={PATHS[name] ?? PATHS.inbox} />
    </svg>
  );
}
