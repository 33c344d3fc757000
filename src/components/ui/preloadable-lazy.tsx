import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded component whose chunk can be fetched ahead (`preload`, awaitable); once the chunk is here it renders
 * at once, without suspending (a plain `lazy` suspends on its first render even when the module is loaded already).
 * Render it inside a Suspense boundary for the case it is not loaded yet.
 */
export function preloadableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): { Component: ComponentType<P>; preload: () => Promise<void> } {
  let loaded: ComponentType<P> | undefined;
  const loadAndKeep = () =>
    load().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(loadAndKeep);
  function Component(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Component, preload: () => loadAndKeep().then(() => undefined) };
}
