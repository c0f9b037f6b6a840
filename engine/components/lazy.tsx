import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '../../ui/Spinner';
import { useEngineT } from '../i18n';
import type { InterfaceComponent, InterfaceComponentProps } from './contract';

/**
 * An interface whose component (and its editor library) is a chunk of its own, loaded the first
 * time a form shows it. The registry holds this small wrapper; the heavy code stays out of every
 * other page.
 */
export function lazyInterface(
  load: () => Promise<{ default: ComponentType<InterfaceComponentProps> }>,
): InterfaceComponent {
  const Loaded = lazy(load);
  function LazyInterface(props: InterfaceComponentProps) {
    const t = useEngineT();
    return (
      <Suspense fallback={<Spinner label={t('interfaces.loading')} />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyInterface;
}
