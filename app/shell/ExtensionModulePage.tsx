import { useEffect, useState, type ComponentType } from 'react';
import { useAppData } from '../state/hooks';
import { useT } from '../i18n';
import { Page } from './Page';
import { NotFoundPage } from '../screens/errors/NotFoundPage';
import { FullPageLoader } from './FullPageLoader';

/** /{project}/ext/{id}: an extension module's page, imported from the module_url the server gave it. */
export function ExtensionModulePage({ id }: { id: string }) {
  const t = useT();
  const { data } = useAppData();
  const module = data.modules.find((m) => m.id === id);
  const [state, setState] = useState<{ Component?: ComponentType<{ project: string }>; error?: string }>({});
  useEffect(() => {
    if (!module?.module_url) return;
    const url = module.module_url.startsWith('/')
      ? module.module_url
      : `${data.api.root}${module.module_url}`;
    import(/* @vite-ignore */ url).then(
      (m: { default?: ComponentType<{ project: string }> }) =>
        setState(m.default ? { Component: m.default } : { error: t('errors.extension_failed') }),
      (error: unknown) => setState({ error: `${t('errors.extension_failed')}: ${String(error)}` }),
    );
  }, [module, data.api.root, t]);
  if (!module) return <NotFoundPage />;
  const { Component, error } = state;
  return (
    <Page title={module.name}>
      {error || !module.module_url ? (
        <div className="notice notice--danger" role="alert">
          {error ?? t('errors.extension_failed')}
        </div>
      ) : Component ? (
        <Component project={data.project} />
      ) : (
        <FullPageLoader area="content" />
      )}
    </Page>
  );
}
