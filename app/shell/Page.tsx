import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useT } from '../i18n';
import { useShell } from './shell-context';
import { Icon, IconButton } from '../../ui';
import './page.css';

export interface Crumb {
  label: string;
  href?: string;
}

export interface PageProps {
  title: ReactNode;
  /** Buttons on the right of the header. */
  actions?: ReactNode;
  /** Content of the info sidebar (right). */
  info?: ReactNode;
  breadcrumb?: Crumb[];
  children?: ReactNode;
  /** Extra class on the page's root, e.g. for screen-specific layout. */
  className?: string;
}

/** The chrome of every private screen: header (breadcrumb, title, actions, info toggle), body, info sidebar. */
export function Page({ title, actions, info, breadcrumb, children, className }: PageProps) {
  const t = useT();
  const shell = useShell();
  const infoOpen = shell?.infoOpen ?? false;
  return (
    <div className={`page${className ? ` ${className}` : ''}${infoOpen ? ' page--info-open' : ''}`}>
      <header className="page-header">
        {shell && (
          <IconButton
            icon="menu"
            className="page-header__nav-toggle"
            label={shell.navOpen ? t('nav.close') : t('nav.open')}
            aria-expanded={shell.navOpen}
            tooltip="header"
            tooltipAlign="center"
            onClick={() => shell.setNavOpen(!shell.navOpen)}
          />
        )}
        <div className="page-header__titles">
          {breadcrumb && breadcrumb.length > 0 && (
            <nav aria-label={t('page.breadcrumb')} className="page-header__breadcrumb">
              <ol>
                {breadcrumb.map((crumb, index) => (
                  <li key={`${crumb.label}-${index}`}>
                    {/* Isolated (dir="auto"): a crumb in another script keeps its order and the separators theirs. */}
                    {crumb.href ? (
                      <Link href={crumb.href} dir="auto">
                        {crumb.label}
                      </Link>
                    ) : (
                      <span dir="auto">{crumb.label}</span>
                    )}
                  </li>
                ))}
              </ol>
            </nav>
          )}
          {/* A long title ends in an ellipsis, the whole of it in the tooltip; `dir="auto"`: a title in
              another script than the interface's (an English item in Arabic) keeps its own direction,
              and its ellipsis falls at its logical end. */}
          <h1 className="page-header__title" dir="auto" title={typeof title === 'string' ? title : undefined}>
            {title}
          </h1>
        </div>
        <div className="page-header__actions" aria-label={t('page.actions')}>
          {actions}
          {shell && (
            <IconButton
              icon="info"
              className="page-header__info-toggle"
              label={t('info.toggle')}
              aria-expanded={infoOpen}
              aria-controls="info-sidebar"
              tooltip="header"
              tooltipAlign="end"
              onClick={() => shell.setInfoOpen(!infoOpen)}
            />
          )}
        </div>
      </header>
      <div className="page-body">
        <main className="page-main" id="main">
          {children}
        </main>
        {infoOpen && (
          <aside className="info-sidebar" id="info-sidebar" aria-label={t('info.title')}>
            <div className="info-sidebar__content">{info}</div>
            {shell?.activityHref && (
              <div className="info-sidebar__footer">
                <Link href={shell.activityHref} className="info-sidebar__activity">
                  <Icon name="notifications" />
                  <span>{t('info.notifications')}</span>
                </Link>
              </div>
            )}
          </aside>
        )}
      </div>
    </div>
  );
}
