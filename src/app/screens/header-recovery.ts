import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { InspectorState } from '../../store/inspector-store.ts';
import type { Conversation, Leg } from '../../session/model.ts';
import { useQueryEnv } from '../../queries/query-env.ts';
import { toolsQuery } from '../../queries/server-queries.ts';
import { headerMismatchOf } from '../../protocol/header-mismatch.ts';
import { recoveryMessage, refreshSchemaAndResend } from '../../session/flows/header-mismatch-recovery.ts';
import type { HeaderMismatchProps } from '../../features/result/header-mismatch.tsx';

type Actions = Pick<InspectorState, 'dispatch' | 'fork' | 'sendDraft'>;

/**
 * A -32020 on the last leg: the Result names the header, and a tools/call offers "Refresh tools/list and resend"
 * (one fresh listing, which the catalog shows too, then at most one resend as a branch). What the recovery did is
 * kept per conversation: on the refused call when nothing was sent, on the branch when it was resent.
 */
export function useHeaderMismatch(
  conversation: Conversation | undefined,
  last: Leg | undefined,
  busy: boolean,
  st: Actions,
): { props?: HeaderMismatchProps; note?: string } {
  const env = useQueryEnv();
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [working, setWorking] = useState<string | null>(null);
  const recover = useCallback(
    async (c: Conversation, leg: Leg) => {
      if (!env) return;
      const tool = typeof c.params.name === 'string' ? c.params.name : '';
      setWorking(leg.id);
      try {
        const outcome = await refreshSchemaAndResend(
          { legId: leg.id, tool, inputSchema: c.inputSchema },
          {
            listTools: () => queryClient.fetchQuery({ ...toolsQuery(env), staleTime: 0 }),
            dispatch: st.dispatch,
            fork: st.fork,
            send: (branchId) => st.sendDraft(branchId),
          },
        );
        const on = outcome.kind === 'resent' ? outcome.branchId : c.id;
        setNotes((n) => ({ ...n, [on]: recoveryMessage(tool, outcome) }));
      } finally {
        setWorking(null);
      }
    },
    [env, queryClient, st],
  );
  if (!conversation) return {};
  const note = notes[conversation.id];
  const mismatch = last
    ? headerMismatchOf(last.outcome, last.exchange.request.headers, conversation.method)
    : undefined;
  if (!last || !mismatch) return note ? { note } : {};
  const props: HeaderMismatchProps = {
    mismatch,
    working: working === last.id,
    ...(note ? { note } : {}),
    ...(busy || conversation.inFlight ? { disabledReason: 'A leg is in flight.' } : {}),
    ...(mismatch.refreshable && env ? { onRefreshAndResend: () => void recover(conversation, last) } : {}),
  };
  return { props };
}
