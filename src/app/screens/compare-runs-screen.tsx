import { useMemo } from 'react';
import { CompareRunsPanel } from '../../features/compare-runs/compare-runs-panel.tsx';
import { sessionRuns } from '../../session/io/compare-runs.ts';
import { useInspector } from '../../store/store-context.tsx';

/** "Compare runs" over this session's conversations (and any file the user adds in the panel). */
export function CompareRunsScreen({ onClose }: { onClose: () => void }) {
  const session = useInspector((s) => s.session);
  const runs = useMemo(() => sessionRuns(session), [session]);
  return <CompareRunsPanel sessionRuns={runs} onClose={onClose} />;
}
