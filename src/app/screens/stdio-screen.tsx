import { useQuery } from '@tanstack/react-query';
import { fetchStdioLog } from '../../client/fetch-stdio-log.ts';
import { StdioLogPanel } from '../../features/stdio-log/stdio-log-panel.tsx';
import { useDeps } from '../../store/deps-context.tsx';

/** Shown only when the command line started stdio servers: their stderr, read every 2 s through the relay's checks. */
export function StdioScreen() {
  const { config } = useDeps();
  const token = config.relay?.token;
  const log = useQuery({
    queryKey: ['stdio-log', token],
    queryFn: () => fetchStdioLog(token ?? ''),
    enabled: token !== undefined,
    refetchInterval: 2_000,
  });
  return <StdioLogPanel servers={log.data ?? []} {...(log.error ? { error: log.error.message } : {})} />;
}
