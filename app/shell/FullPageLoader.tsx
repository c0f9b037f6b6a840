// Eager code (the sign-in page, notifications, the loader) imports components one by one: the ui/ barrel
// would pull every component (and its stylesheet) into the first download.
import { Spinner } from '../../ui/Spinner';
import { useT } from '../i18n';
import './loader.css';

/** The loader: full-page (z-index 500) until the app is hydrated, or inside the content area. */
export function FullPageLoader({
  area = 'full-page',
  label,
}: {
  area?: 'full-page' | 'content';
  label?: string;
}) {
  const t = useT();
  return (
    <div className={`loader loader--${area}`}>
      <Spinner label={label ?? t('app.loading')} showLabel />
    </div>
  );
}
