export type Theme = 'auto' | 'light' | 'dark';

/** The user's theme as a body class: theme-auto, theme-light or theme-dark (spec §6). */
export function applyTheme(theme: string | null | undefined): void {
  const value: Theme = theme === 'light' || theme === 'dark' ? theme : 'auto';
  const body = document.body;
  body.classList.remove('theme-auto', 'theme-light', 'theme-dark');
  body.classList.add(`theme-${value}`);
}
