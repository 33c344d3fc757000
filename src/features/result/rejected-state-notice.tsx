import { Button } from '../../components/ui/button.tsx';
import type { RejectedStateFacts } from './rejected-state.ts';

export interface RejectedStateNoticeProps {
  facts: RejectedStateFacts;
  /** why the buttons cannot be used right now (e.g. a leg is in flight); absent = they can */
  disabledReason?: string;
  /** resend this round as a branch with the requestState the server gave */
  onRetryWithServerState?: () => void;
  /** resend the call's first leg as a branch, for a fresh requestState */
  onStartOver?: () => void;
}

/**
 * The likely cause of an error when the client knows something about the requestState it sent (edited by the user,
 * or past its decodable expiry), and a way back that does not need forking by hand. Servers give one frozen message
 * for every bad state, so these are the client's facts, not the server's reason.
 */
export function RejectedStateNotice({
  facts,
  disabledReason,
  onRetryWithServerState,
  onStartOver,
}: RejectedStateNoticeProps) {
  const { edited, hasServerState, expiredSecondsBeforeSend: expired } = facts;
  return (
    <section
      aria-label="Why the requestState may have been rejected"
      className="space-y-2 rounded border border-amber-200 bg-amber-50 p-2 text-sm text-amber-950"
    >
      {edited && <p>You edited requestState on this leg; the server rejected it.</p>}
      {expired !== undefined && (
        <p>
          This requestState expired {expired} s before it was sent. A server that checks its expiry rejects it whatever
          else is sent: start the call over for a fresh one.
        </p>
      )}
      {edited && !hasServerState && (
        <p className="text-xs">The server gave no requestState on this round: there is none to send back.</p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {edited && hasServerState && onRetryWithServerState && (
          <Button variant="primary" disabled={disabledReason !== undefined} onClick={onRetryWithServerState}>
            Retry with the server&apos;s requestState
          </Button>
        )}
        {expired !== undefined && onStartOver && (
          <Button disabled={disabledReason !== undefined} onClick={onStartOver}>
            Start over from round 1
          </Button>
        )}
        {disabledReason !== undefined && <span className="text-xs">{disabledReason}</span>}
      </div>
    </section>
  );
}
