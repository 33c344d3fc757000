import { Button } from '../../components/ui/button.tsx';
import type { HeaderMismatch } from '../../protocol/header-mismatch.ts';

export interface HeaderMismatchProps {
  mismatch: HeaderMismatch;
  /** why the recovery cannot run now (a leg in flight); absent = it can */
  disabledReason?: string;
  /** the recovery is running (tools/list, then the resend) */
  working?: boolean;
  /** what the last recovery of this leg did, when it sent nothing */
  note?: string;
  /** refresh tools/list, then resend the leg once as a branch; absent when the spec's recovery does not apply */
  onRefreshAndResend?: () => void;
}

/**
 * A -32020 (HeaderMismatch) answer: the header the server says is missing or disagrees with the body, what the leg
 * carried in it, and, for a tools/call `Mcp-Param-*` mismatch, the spec's recovery as a button (2026-07-28
 * basic/transports/streamable-http, custom headers, "Client Behavior").
 */
export function HeaderMismatchNotice({
  mismatch,
  disabledReason,
  working,
  note,
  onRefreshAndResend,
}: HeaderMismatchProps) {
  const { header, sent, detail } = mismatch;
  return (
    <section
      aria-label="Header mismatch"
      className="space-y-2 rounded border border-amber-200 bg-amber-50 p-2 text-sm text-amber-950"
    >
      {header ? (
        <p>
          The server refused the request over the <code className="font-mono font-semibold">{header}</code> header:{' '}
          {sent === null || sent === undefined ? (
            'this leg did not send it.'
          ) : (
            <>
              this leg sent <code className="font-mono break-all">{sent}</code>.
            </>
          )}
        </p>
      ) : (
        <p>
          The server refused the request over a header it did not name (compare the leg&apos;s headers with its body).
        </p>
      )}
      <p className="text-xs break-words">Server says: {detail}</p>
      {onRefreshAndResend && (
        <>
          <p className="text-xs">
            The tool&apos;s x-mcp-header declarations may have changed since it was listed. The spec&apos;s recovery:
            call tools/list, then resend this leg once with the headers the new schema declares (as a branch; this leg
            stays as it is).
          </p>
          <Button disabled={disabledReason !== undefined || working} onClick={onRefreshAndResend}>
            {working ? 'Refreshing tools/list…' : 'Refresh tools/list and resend'}
          </Button>
          {disabledReason && <p className="text-xs">{disabledReason}</p>}
        </>
      )}
      {note && (
        <p role="status" className="rounded bg-white/70 p-2 text-xs">
          {note}
        </p>
      )}
    </section>
  );
}

/** What the recovery did, on the branch it resent (whose Result is then the server's new answer). */
export function HeaderMismatchNote({ note }: { note: string }) {
  return (
    <p role="status" className="mb-2 rounded bg-sky-50 p-2 text-xs text-sky-900">
      {note}
    </p>
  );
}
