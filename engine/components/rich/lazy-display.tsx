import { lazy, Suspense, type ComponentType } from 'react';
import type { DisplayComponent, DisplayProps } from '../../displays/displays';

/** A display whose code is a chunk of its own; nothing is shown for the moment it takes to load. */
export function lazyDisplay(load: () => Promise<{ default: ComponentType<DisplayProps> }>): DisplayComponent {
  const Loaded = lazy(load);
  function LazyDisplay(props: DisplayProps) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyDisplay;
}
