import { Button } from '../../components/ui/button.tsx';
import type { MissingCapability } from '../../protocol/capability-recovery.ts';

export interface MissingCapabilityProps {
  missing: MissingCapability[];
  /** why a resend cannot go now (a leg in flight); absent = it can */
  disabledReason?: string;
  /** resend the refused leg, as a branch, declaring `flag` on it */
  onResend: (missing: MissingCapability) => void;
}

/**
 * A -32021 answer: the request did not declare a capability the server needs. One manual resend per capability, as a
 * branch that declares it on that leg only (the connection's settings stay as they are).
 */
export function MissingCapabilityRecovery({ missing, disabledReason, onResend }: MissingCapabilityProps) {
  return (
    <section
      aria-label="Missing client capability"
      className="space-y-2 rounded border border-amber-200 bg-amber-50 p-2 text-sm text-amber-950"
    >
      {missing.length === 0 ? (
        <p role="note">
          The server says this request needs a client capability it did not declare, but error.data.requiredCapabilities
          names none this client can declare. Check Connection settings, Client capabilities.
        </p>
      ) : (
        <>
          <p>
            The server needs {missing.map((m) => m.label).join(', ')}, which this request did not declare. A resend
            declares it on that leg only, as a branch of this call; this leg stays as it is.
          </p>
          <div className="flex flex-wrap gap-2">
            {missing.map((m) => (
              <Button key={m.flag} disabled={disabledReason !== undefined} onClick={() => onResend(m)}>
                Resend declaring {m.label}
              </Button>
            ))}
          </div>
          {disabledReason && <p className="text-xs">{disabledReason}</p>}
        </>
      )}
    </section>
  );
}
