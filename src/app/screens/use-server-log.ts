import { useQuery } from '@tanstack/react-query';
import { fetchStdioLog } from '../../client/fetch-stdio-log.ts';
import { serverLogReason, type TimedLogLine } from '../../protocol/server-log-reason.ts';
import { isFreshInstanceUrl } from '../../session/kinds/watched/tapped-server.ts';
import type { Conversation, Leg } from '../../session/model.ts';
import { useDeps } from '../../store/deps-context.tsx';
import { useInspector } from '../../store/store-context.tsx';

const NO_LINES: readonly TimedLogLine[] = [];

/** A stdio server the relay reaches in-process: a `--stdio` bridge, or a fresh instance a tap launched for the page. */
const inRelay = (url: string | undefined): url is string =>
  url !== undefined && (url.includes('/__stdio/') || isFreshInstanceUrl(url));

/**
 * The server's own log, where the inspector can read it: the stderr of the stdio server a leg went to in the relay (a
 * stdio server the command line started with `--stdio`, or a fresh instance of a tapped server: a fork, a replay, an
 * audit), else a stdio tap's stderr (a watched conversation that came through a tap).
 */
function useServerLog(conversation: Conversation | undefined, leg: Leg | undefined): readonly TimedLogLine[] {
  const { config } = useDeps();
  const token = config.relay?.token;
  const proxyId = conversation?.watched?.proxyId;
  const tapLog = useInspector((s) => (proxyId ? s.tapLogs[proxyId] : undefined));
  const sentTo = leg?.exchange.request.url;
  const stdioUrl = inRelay(sentTo) ? sentTo : inRelay(conversation?.serverUrl) ? conversation.serverUrl : undefined;
  // the same query (and key) as the stdio servers panel: one request serves both
  const stdio = useQuery({
    queryKey: ['stdio-log', token],
    queryFn: () => fetchStdioLog(token ?? ''),
    enabled: token !== undefined && stdioUrl !== undefined,
    refetchInterval: 2_000,
  });
  if (stdioUrl) return stdio.data?.find((s) => s.url === stdioUrl)?.lines ?? NO_LINES;
  return tapLog ?? NO_LINES;
}

/** The line of the server's log that says why it refused this leg's requestState (the frozen -32602), if any. */
export function useServerLogReason(
  conversation: Conversation | undefined,
  leg: Leg | undefined,
): TimedLogLine | undefined {
  const log = useServerLog(conversation, leg);
  if (!leg || leg.outcome.kind !== 'error' || log.length === 0) return undefined;
  return serverLogReason({ at: leg.exchange.startedAt + leg.exchange.durationMs, error: leg.outcome.error }, log);
}
