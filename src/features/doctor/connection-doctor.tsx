import { Badge, type Tone } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { Finding } from '../../protocol/doctor.ts';

export interface ConnectionDoctorProps {
  url: string;
  /** the direct error, one line */
  errorMessage: string;
  /** checks still running */
  running: boolean;
  findings: Finding[];
  /** the relay looked at the server from outside the browser */
  probed: boolean;
  probeError?: string;
  relayAvailable: boolean;
  viaRelay: boolean;
  /** versions a -32022 answer listed */
  supportedVersions: string[];
  currentVersion: string;
  onUseRelay: () => void;
  onEnterToken: () => void;
  onUseVersion: (version: string) => void;
}

const SEVERITY_TONE: Record<Finding['severity'], Tone> = { error: 'bad', warning: 'warn', info: 'info' };

function FindingAction({ finding, props }: { finding: Finding; props: ConnectionDoctorProps }) {
  switch (finding.action) {
    case 'use-relay':
      if (props.viaRelay) return null;
      return (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="primary" onClick={props.onUseRelay} disabled={!props.relayAvailable}>
            Use the relay
          </Button>
          {!props.relayAvailable && (
            <span className="text-xs text-slate-600">The relay exists only when the app runs with npm start.</span>
          )}
        </div>
      );
    case 'enter-token':
      return (
        <Button variant="primary" onClick={props.onEnterToken}>
          Enter a token
        </Button>
      );
    case 'pick-version': {
      const choices = props.supportedVersions.filter((v) => v !== props.currentVersion);
      if (choices.length === 0) return null;
      return (
        <div className="flex flex-wrap gap-2">
          {choices.map((v) => (
            <Button key={v} onClick={() => props.onUseVersion(v)}>
              Use version {v}
            </Button>
          ))}
        </div>
      );
    }
    case 'use-legacy-note':
      return (
        <p className="rounded bg-amber-50 p-2 text-xs text-amber-900">
          Legacy server: this inspector can show its errors, but there are no multi-round-trip requests to step through.
        </p>
      );
    default:
      return null;
  }
}

/** Why a connection failed, finding by finding, each with what to do and a button that does it. */
export function ConnectionDoctor(props: ConnectionDoctorProps) {
  const { url, errorMessage, running, findings, probed, probeError } = props;
  return (
    <section aria-label="Connection doctor" className="mt-2 rounded border border-red-200 bg-red-50 p-3 text-sm">
      <p role="alert" className="font-semibold text-red-900">
        Could not connect to {url}
      </p>
      <p className="mt-1 font-mono text-xs break-all text-red-900">{errorMessage}</p>
      {running ? (
        <p role="status" className="mt-2 text-slate-700">
          Running the connection checks…
        </p>
      ) : (
        <>
          <p className="mt-2 text-xs text-slate-600">
            {probed
              ? 'Checked from the page and, through the local relay, from outside the browser.'
              : probeError
                ? `Checked from the page only: the relay could not probe (${probeError}).`
                : 'Checked from the page only (the relay that can look from outside the browser runs only with npm start).'}
          </p>
          {findings.length === 0 ? (
            <p className="mt-2 text-slate-800">No specific cause found. The error above is all the server said.</p>
          ) : (
            <ul aria-label="Findings" className="mt-2 space-y-2">
              {findings.map((f) => (
                <li key={f.id} aria-label={f.title} className="rounded border border-slate-200 bg-white p-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={SEVERITY_TONE[f.severity]}>{f.severity}</Badge>
                    <h3 className="font-semibold text-slate-900">{f.title}</h3>
                  </div>
                  <p className="mt-1 break-words text-slate-800">{f.detail}</p>
                  <p className="mt-1 text-slate-700">
                    <span className="font-medium">What to do: </span>
                    {f.fix}
                  </p>
                  <div className="mt-2">
                    <FindingAction finding={f} props={props} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
