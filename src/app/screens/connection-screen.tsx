import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { ConnectionBar } from '../../features/connection/connection-bar.tsx';
import { connectedQuery } from '../../queries/connected-query.ts';
import { useQueryEnv } from '../../queries/query-env.ts';
import { discoverQuery } from '../../queries/server-queries.ts';
import { AuthScreen } from './auth-screen.tsx';

// The doctor (its checks, probes and findings) loads only when a connect fails.
const DoctorPanel = lazy(() => import('./doctor-panel.tsx').then((m) => ({ default: m.DoctorPanel })));

/** The connection bar, and the doctor under it when a connect fails. */
export function ConnectionScreen() {
  return (
    <div>
      <ConnectionBar />
      <AuthScreen />
      <DoctorScreen />
    </div>
  );
}

function DoctorScreen() {
  const env = useQueryEnv();
  const discover = useQuery(connectedQuery(env, discoverQuery));
  const failure = env && discover.isError ? discover.error : null;
  if (!failure) return null;
  return (
    <Suspense fallback={null}>
      <DoctorPanel failure={failure} />
    </Suspense>
  );
}
