import { createContext, useContext, type ReactNode } from 'react';
import type { RuntimeConfig } from '../lib/runtime-config.ts';
import type { InspectorDeps } from './inspector-store.ts';

export interface AppDeps extends InspectorDeps {
  config: RuntimeConfig;
}

const DepsContext = createContext<AppDeps | null>(null);

export function DepsProvider({ deps, children }: { deps: AppDeps; children: ReactNode }) {
  return <DepsContext.Provider value={deps}>{children}</DepsContext.Provider>;
}

export function useDeps(): AppDeps {
  const deps = useContext(DepsContext);
  if (!deps) throw new Error('useDeps must be used inside <DepsProvider>');
  return deps;
}
