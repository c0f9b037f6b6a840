import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import type { ProjectInfo } from '../../../machines/project-status.machine';
import { useLocale, useT } from '../../i18n';
import './public.css';

const DEFAULT_COLOR = '#263238';

/**
 * The public pages' frame (spec §2 Login): the project's name, colour, background image (else the colour),
 * foreground logo and public note, with fallbacks when the project is unknown or has none.
 */
/**
 * Until someone signs in, the public pages speak the browser's language when it has a catalog, else the
 * project's default_locale, else en-US (after sign-in the hydration picks the user's own).
 */
function usePublicLanguage(project?: ProjectInfo | null): boolean {
  const { setLocale } = useLocale();
  const signedIn = Boolean(project?.authenticated);
  const projectLocale = (project?.default_locale as string | null | undefined) ?? null;
  const browser = typeof navigator === 'undefined' ? null : navigator.language;
  // English always has its catalogue, so an English browser needs no matcher (nor its chunk): en-US, or
  // the regional variant's own tag (en-US messages, British dates), as `matchAppLocale` answers.
  const english = !browser || /^en(-|$)/i.test(browser);
  // Another language's words arrive with its catalogue: until then the page shows no English.
  const [settled, setSettled] = useState(english || signedIn);
  useEffect(() => {
    if (signedIn) return;
    if (english) {
      void setLocale(browser && browser.includes('-') ? browser : 'en-US');
      return;
    }
    let live = true;
    // The matcher and the locale list load with the wanted catalogue, not in the login page's entry chunk.
    void import('../../i18n/public-language')
      .then(({ publicLanguage }) => (live ? setLocale(publicLanguage(browser, projectLocale)) : undefined))
      .finally(() => {
        if (live) setSettled(true);
      });
    return () => {
      live = false;
    };
  }, [signedIn, english, browser, projectLocale, setLocale]);
  return settled || signedIn;
}

export function PublicFrame({ project, children }: { project?: ProjectInfo | null; children: ReactNode }) {
  const t = useT();
  const settled = usePublicLanguage(project);
  const color = project?.project_color || DEFAULT_COLOR;
  const background = project?.project_background;
  const style: CSSProperties = background
    ? { backgroundImage: `url("${background}")`, backgroundColor: color }
    : { backgroundColor: color };
  const note = project?.project_public_note || t('public.default_note');
  const name = project?.project_name || t('public.default_name');
  return (
    <div className={settled ? 'public' : 'public public--settling'} aria-busy={!settled || undefined}>
      <div className="public__panel">
        <header className="public__header">
          <div className="public__logo" style={{ backgroundColor: color }}>
            {project?.project_logo ? (
              <img src={project.project_logo} alt="" />
            ) : (
              <svg viewBox="0 0 24 24" aria-hidden="true" width="28" height="28">
                <path
                  d="M12 3l8 4.5v9L12 21l-8-4.5v-9z"
                  fill="none"
                  stroke="#fff"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                />
                <path d="M12 12l8-4.5M12 12v9M12 12L4 7.5" fill="none" stroke="#fff" strokeWidth="1.8" />
              </svg>
            )}
          </div>
          <span className="public__name">{name}</span>
        </header>
        <div className="public__content">{children}</div>
        <footer className="public__footer">{t('public.powered_by')}</footer>
      </div>
      <div className="public__art" style={style} data-testid="public-background">
        {project?.project_foreground && (
          <img className="public__foreground" src={project.project_foreground} alt="" />
        )}
        <p className="public__note">{note}</p>
      </div>
    </div>
  );
}
