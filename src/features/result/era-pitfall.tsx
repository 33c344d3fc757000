import type { Finding } from '../../protocol/doctor.ts';

/**
 * The connection doctor's word on a call that ended in the dual-era bug (-32603 after an input-needing tool on a
 * 2025-11-25 session): what happened in plain words, and what to do about it. Text only.
 */
export function EraPitfallNotice({ finding }: { finding: Finding }) {
  return (
    <section
      aria-label="Connection doctor on this call"
      className="space-y-1 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950"
    >
      <h3 className="font-semibold">Connection doctor: {finding.title}</h3>
      <p>{finding.detail}</p>
      <p>
        <span className="font-semibold">What to do: </span>
        {finding.fix}
      </p>
    </section>
  );
}
