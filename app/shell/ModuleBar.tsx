import { Link, useLocation } from 'wouter';
import { useT } from '../i18n';
import { useAppData, usePermissionModel } from '../state/hooks';
import { Avatar, Icon, Tooltip, VisuallyHidden } from '../../ui';
import { moduleBarLinks } from './menus';
import { useProjects } from '../state/projects';
import { avatarUrl } from '../people/user-display';
import { profileHref } from '../paths';
import { useSignOutDialog } from './SignOutDialog';

/** The dark bar on the left: modules, then the user's avatar (My profile) and sign out, which asks first (spec §2 Shell, §4). */
export function ModuleBar() {
  const t = useT();
  const { data } = useAppData();
  const [path] = useLocation();
  const links = moduleBarLinks(data, usePermissionModel());
  const name = [data.user.first_name, data.user.last_name].filter(Boolean).join(' ') || data.user.email;
  const avatar = avatarUrl(data.user.avatar, data.api.root, data.project);
  const ownPage = profileHref(data.project);
  const signOut = useSignOutDialog();
  // The project's branding (project settings): its colour behind its logo, else the Octavo mark.
  const branding = useProjects().projects[data.project]?.data;
  const color = typeof branding?.project_color === 'string' ? branding.project_color : undefined;
  const logo = typeof branding?.project_logo === 'string' ? branding.project_logo : null;
  return (
    <nav className="module-bar" aria-label={t('modules.main')}>
      <div className="module-bar__logo" style={color ? { background: color } : undefined} aria-hidden="true">
        {logo ? (
          <img src={logo} alt="" />
        ) : (
          <svg viewBox="0 0 24 24" width="26" height="26">
            <path
              d="M12 3l8 4.5v9L12 21l-8-4.5v-9z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
            <path d="M12 12l8-4.5M12 12v9M12 12L4 7.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        )}
      </div>
      <ul className="module-bar__list">
        {links.map((link) => {
          const label = link.translate ? t(link.label) : link.label;
          const active = !link.external && (path === link.href || path.startsWith(`${link.href}/`));
          return (
            <li key={link.id}>
              {link.external ? (
                <Tooltip label={label} placement="end" describe={false}>
                  <a
                    className="module-bar__link"
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={label}
                  >
                    <Icon name={link.icon} />
                  </a>
                </Tooltip>
              ) : (
                <Tooltip label={label} placement="end" describe={false}>
                  <Link
                    className={`module-bar__link${active ? ' module-bar__link--active' : ''}`}
                    href={link.href}
                    aria-label={label}
                    aria-current={active ? 'page' : undefined}
                    data-module={link.id}
                  >
                    <Icon name={link.icon} />
                  </Link>
                </Tooltip>
              )}
            </li>
          );
        })}
      </ul>
      <div className="module-bar__bottom">
        <Tooltip label={t('modules.my_profile')} placement="end" describe={false}>
          <Link
            className="module-bar__avatar"
            href={ownPage}
            aria-current={path === ownPage ? 'page' : undefined}
            data-module="profile"
          >
            <Avatar name={name} src={avatar} />
            <VisuallyHidden>{t('modules.my_profile')}</VisuallyHidden>
          </Link>
        </Tooltip>
        <Tooltip label={t('modules.sign_out')} placement="end" describe={false}>
          <button
            type="button"
            className="module-bar__link module-bar__button"
            aria-label={t('modules.sign_out')}
            aria-haspopup="dialog"
            onClick={signOut.request}
          >
            <Icon name="logout" />
          </button>
        </Tooltip>
      </div>
      {signOut.dialog}
    </nav>
  );
}
