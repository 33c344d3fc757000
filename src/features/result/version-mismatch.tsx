import type { VersionRecovery } from '../../protocol/doctor-plan.ts';
import { Button } from '../../components/ui/button.tsx';

/** How many listed versions are shown before "and N more" (the list is the server's, so it is untrusted). */
const SHOWN = 12;

export interface VersionMismatchProps {
  recovery: VersionRecovery;
  /** every version this client speaks */
  clientVersions: readonly string[];
  /** why the resend cannot be sent right now (e.g. a leg is in flight); absent = it can */
  disabledReason?: string;
  /** switch the connection's protocol version to `version` and resend the refused leg */
  onResend: (version: string) => void;
}

function Versions({ list, none }: { list: readonly string[]; none: string }) {
  if (list.length === 0) return <span className="text-slate-600">{none}</span>;
  const shown = list.slice(0, SHOWN);
  return (
    <span className="break-all">
      {shown.map((v, i) => (
        <span key={`${i}:${v}`}>
          {i > 0 && ', '}
          <code className="font-mono">{v}</code>
        </span>
      ))}
      {list.length > SHOWN && <span className="text-slate-600"> and {list.length - SHOWN} more</span>}
    </span>
  );
}

/**
 * A -32022 answer to a call: what the server supports, what this client speaks, and one manual resend with a version
 * both speak (never automatic, so a server that keeps refusing cannot loop us). Everything from the server is text.
 */
export function VersionMismatch({ recovery, clientVersions, disabledReason, onResend }: VersionMismatchProps) {
  const { requested, supported, spoken, offer, offerIsRequested } = recovery;
  return (
    <section
      aria-label="Protocol version mismatch"
      className="space-y-2 rounded border border-amber-200 bg-amber-50 p-2 text-sm text-amber-950"
    >
      <p>
        The server refused this request&apos;s protocol version{' '}
        {requested !== undefined ? <code className="font-mono break-all">{requested}</code> : '(not stated)'}.
      </p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
        <dt className="font-medium">Server supports</dt>
        <dd>
          <Versions list={supported} none="nothing listed (error.data.supported is missing or empty)" />
        </dd>
        <dt className="font-medium">This client speaks</dt>
        <dd>
          <Versions list={clientVersions} none="none" />
        </dd>
        <dt className="font-medium">Both speak</dt>
        <dd>
          <Versions list={spoken} none="none" />
        </dd>
      </dl>
      {offer === undefined ? (
        <p role="note">
          {supported.length === 0
            ? 'The server did not say which versions it supports, so there is nothing to resend with.'
            : 'None of the versions the server lists is one this client speaks, so there is nothing to resend with.'}{' '}
          This call needs a server that speaks {clientVersions.join(' or ')}.
        </p>
      ) : (
        <div className="space-y-1">
          {offerIsRequested && (
            <p role="note">
              The server lists <code className="font-mono">{offer}</code>, the very version it refused: the instances
              behind this URL may run different revisions. A resend may reach another instance, or be refused again.
            </p>
          )}
          <p className="text-xs text-amber-900">
            Resending switches the connection&apos;s protocol version to <code className="font-mono">{offer}</code> and
            sends the same request again, with a new id, as a branch of this call. This leg stays as it is.
          </p>
          <Button onClick={() => onResend(offer)} disabled={disabledReason !== undefined} title={disabledReason}>
            Resend with version {offer}
          </Button>
          {disabledReason !== undefined && <p className="text-xs">{disabledReason}</p>}
        </div>
      )}
    </section>
  );
}
