import { useQuery } from '@tanstack/react-query';
import { fetchStdioLog } from '../../client/fetch-stdio-log.ts';
import { serverLogReason, type TimedLogLine } from '../../protocol/server-log-reason.ts';
import type { Conversation, Leg } from '../../session/model.ts';
import { useDeps } from '../../store/deps-context.tsx';
import { useInspector } from '../../store/store-context.tsx';

const NO_LINES: readonly TimedLogLine[] = [];

/**
 * The server's own log, where the inspector can read it: a stdio tap's stderr (a watched conversation that came
 * through a tap), or the stderr of a stdio server the command line started (`--stdio`, reached at its relay URL).
 */
function useServerLog(conversation: Conversation | undefined): readonly TimedLogLine[] {
  const { config } = useDeps();
  const token = config.relay?.token;
  const proxyId = conversation?.watched?.proxyId;
  const tapLog = useInspector((s) => (proxyId ? s.tapLogs[proxyId] : undefined));
  const stdioUrl = !proxyId && conversation?.serverUrl.includes('/__stdio/') ? conversation.serverUrl : undefined;
  // the same query (and key) as the stdio servers panel: one request serves both
  const stdio = useQuery({
    queryKey: ['stdio-log', token],
    queryFn: () => fetchStdioLog(token ?? ''),
    enabled: token !== undefined && stdioUrl !== undefined,
    refetchInterval: 2_000,
  });
  if (tapLog) return tapLog;
  if (stdioUrl) return stdio.data?.find((s) => s.url === stdioUrl)?.lines ?? NO_LINES;
  return NO_LINES;
}

/** The line of the server's log that says why it refused this leg's requestState (the frozen -32602), if any. */
export function useServerLogReason(
  conversation: Conversation | undefined,
  leg: Leg | undefined,
): TimedLogLine | undefined {
  const log = useServerLog(conversation);
  if (!leg || leg.outcome.kind !== 'error' || log.length === 0) return undefined;
  return serverLogReason({ at: leg.exchange.startedAt + leg.exchange.durationMs, error: leg.outcome.error }, log);
}
