import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { ConnectionBar } from '../../features/connection/connection-bar.tsx';
import { connectedQuery } from '../../queries/connected-query.ts';
import { useQueryEnv } from '../../queries/query-env.ts';
import { discoverQuery } from '../../queries/server-queries.ts';
import { AuthScreen } from './auth-screen.tsx';

// The doctor (its checks, probes and findings) loads only when a connect fails.
const DoctorPanel = lazy(() => import('./doctor-panel.tsx').then((m) => ({ default: m.DoctorPanel })));

/**
 * The connection bar, and under it the sign-in flow and the doctor when a connect fails. Those two can grow long (every
 * step of a sign-in, every check of the doctor): they scroll in at most half the window, so the call and the timeline
 * below never shrink to nothing.
 */
export function ConnectionScreen() {
  return (
    <div>
      <ConnectionBar />
      <div className="max-h-[50vh] overflow-y-auto">
        <AuthScreen />
        <DoctorScreen />
      </div>
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
