import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { EmptyState } from '../../ui';
import { useAppData } from '../state/hooks';
import { useT } from '../i18n';
import { importExtension } from '../extensions/runtime';
import { Page } from './Page';
import { NotFoundPage } from '../screens/errors/NotFoundPage';
import { FullPageLoader } from './FullPageLoader';

type ModuleComponent = ComponentType<{ project: string }>;

/**
 * /{project}/ext/{id}: an extension module's page, imported from the module_url the server gave it
 * with the shared extension runtime installed. A module that fails to import, has no default export,
 * or throws while rendering shows the extension error with its name over an empty view (spec §8).
 */
export function ExtensionModulePage({ id }: { id: string }) {
  const t = useT();
  const { data } = useAppData();
  const module = data.modules.find((m) => m.id === id);
  const [state, setState] = useState<{ Component?: ModuleComponent; error?: string }>({});
  useEffect(() => {
    setState({});
    if (!module?.module_url) return;
    let live = true;
    importExtension(data.api.root, module.module_url).then(
      (loaded) => {
        if (!live) return;
        const Loaded = loaded.default;
        setState(
          typeof Loaded === 'function' || (typeof Loaded === 'object' && Loaded !== null)
            ? { Component: Loaded as ModuleComponent }
            : { error: t('extensions.no_default_export') },
        );
      },
      (error: unknown) => live && setState({ error: String(error) }),
    );
    return () => {
      live = false;
    };
  }, [module, data.api.root, t]);
  if (!module) return <NotFoundPage />;
  const { Component: Loaded, error } = state;
  const failed = (reason?: string) => <ExtensionError name={module.name} reason={reason} />;
  return (
    <Page title={module.name}>
      {error || !module.module_url ? (
        failed(error)
      ) : Loaded ? (
        <ModuleBoundary fallback={failed}>
          <Loaded project={data.project} />
        </ModuleBoundary>
      ) : (
        <FullPageLoader area="content" />
      )}
    </Page>
  );
}

/** The spec's extension error: the extension's name, the reason, and an otherwise empty view. */
function ExtensionError({ name, reason }: { name: string; reason?: string }) {
  const t = useT();
  return (
    <EmptyState
      framed
      live="alert"
      icon="extension_off"
      title={t('extensions.failed', { name })}
      body={reason}
    />
  );
}

class ModuleBoundary extends Component<
  { fallback: (reason: string) => ReactNode; children: ReactNode },
  { error: unknown }
> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown') };
  }

  override render() {
    return this.state.error ? this.props.fallback(String(this.state.error)) : this.props.children;
  }
}
