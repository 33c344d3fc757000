import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { CHECKS_PER_TARGET, legacyAuditNote } from '../../session/audit/audit-report.ts';
import type { AuditInput, AuditRun } from '../../session/audit/audit-run.ts';
import { auditInput } from './audit-input.ts';
import { CheckRow, ScorecardView } from './scorecard-view.tsx';

export interface AuditPanelProps {
  /** the connected server (null: not connected) */
  server: string | null;
  run: AuditRun | null;
  onStart: (input: AuditInput) => void;
  onCancel: () => void;
  onExport: () => void;
  onClose: () => void;
  /** the "Only these names" field's starting value (a watched call's name) */
  initialOnly?: string;
}

const FIELD = 'rounded border border-slate-300 px-1 py-0.5 font-mono text-xs';

interface AuditFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** a text area of this many rows instead of a one-line input */
  rows?: number;
  /** a token: never completed or spell-checked by the browser */
  secret?: boolean;
  inputMode?: 'decimal';
  /** spans both columns */
  wide?: boolean;
}

/** One labelled text field of the audit's form. */
function AuditField({ label, value, onChange, rows, secret, inputMode, wide }: AuditFieldProps) {
  const id = useId();
  const control = { id, className: FIELD, value };
  return (
    <div className={wide ? 'flex flex-col gap-0.5 md:col-span-2' : 'flex flex-col gap-0.5'}>
      <label htmlFor={id} className="text-xs font-semibold">
        {label}
      </label>
      {rows ? (
        <textarea {...control} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...control}
          inputMode={inputMode}
          {...(secret ? { autoComplete: 'off', spellCheck: false } : {})}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  );
}

/** What is running now: the step, the current target's checks as they finish, and a Cancel. */
function Progress({ run, onCancel }: { run: AuditRun; onCancel: () => void }) {
  const t = run.target;
  return (
    <div className="space-y-1 rounded bg-slate-50 p-2">
      <div className="flex flex-wrap items-center gap-2">
        <p role="status" aria-label="Audit progress" className="flex-1 text-sm">
          {run.step}
        </p>
        <Button variant="danger" onClick={onCancel}>
          Cancel audit
        </Button>
      </div>
      {t && (
        <>
          <progress
            aria-label={`Checks of ${t.name}`}
            className="w-full"
            max={CHECKS_PER_TARGET}
            value={t.checks.length}
          />
          <ul aria-label={`Checks finished for ${t.name}`} className="text-sm">
            {t.checks.map((c) => (
              <CheckRow key={c.id} check={c} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * "Audit this server": the command line's audit (`mrtr-inspector audit`) run from the page against the connected
 * server, through the same send path as every leg (direct or the relay). It calls every tool, prompt and resource
 * template it audits: point it at a test deployment.
 */
export function AuditPanel({ server, run, onStart, onCancel, onExport, onClose, initialOnly }: AuditPanelProps) {
  const [only, setOnly] = useState(initialOnly ?? '');
  const [fleet, setFleet] = useState('');
  const [secondToken, setSecondToken] = useState('');
  const [wait, setWait] = useState('');
  const [otherService, setOtherService] = useState('');
  const running = run?.status === 'running';
  const report = run?.report;
  const failed = report?.scorecards.filter((c) => c.score.fail > 0).length ?? 0;
  return (
    <section
      aria-label="Audit this server"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-3 text-sm"
    >
      <div className="flex items-center gap-2">
        <h2 className="flex-1 font-semibold">Audit this server</h2>
        <Button onClick={onClose}>Close</Button>
      </div>
      <p className="text-xs text-slate-700">
        Calls every tool, prompt and resource template of{' '}
        <code className="break-all">{server ?? '(not connected)'}</code> that asks for input, and checks its
        requestState handling: tampering, binding, the principal (with a second identity), reuse, expiry, missing
        answers, decline, cancel, -32021, -32020, one frozen error, readability, question pinning, the audience (with
        another service) and, for a fleet, state accepted both ways. Every leg carries the connection&apos;s own sign-in
        or token. Run it against a test deployment.
      </p>
      <form
        className="grid gap-2 md:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          onStart(auditInput({ only, fleet, secondToken, wait, otherService }));
        }}
      >
        <AuditField
          label="Only these names (tools, prompts, resource URIs; empty = all)"
          value={only}
          onChange={setOnly}
        />
        <AuditField
          label="Other instance URLs of this fleet (one per line)"
          rows={2}
          value={fleet}
          onChange={setFleet}
        />
        <AuditField
          label="Second identity (another user's access token of the same client)"
          secret
          value={secondToken}
          onChange={setSecondToken}
        />
        <AuditField
          label="Expiry wait in seconds (for a token that shows no exp; longer than the server's TTL)"
          inputMode="decimal"
          value={wait}
          onChange={setWait}
        />
        <AuditField
          label="Other service URL (a different service believed to share the key)"
          wide
          value={otherService}
          onChange={setOtherService}
        />
        <div className="flex flex-wrap gap-2 md:col-span-2">
          <Button type="submit" variant="primary" disabled={!server || running}>
            Run audit
          </Button>
          <Button onClick={onExport} disabled={!report || running}>
            Export JSON
          </Button>
        </div>
      </form>
      {!server && <p className="text-slate-600">Connect to a server to audit it.</p>}
      {running && run && <Progress run={run} onCancel={onCancel} />}
      {run?.status === 'failed' && (
        <p role="alert" className="rounded bg-red-50 p-2 text-red-900">
          The audit stopped: {run.error}. The session is unchanged; fix the connection and run it again.
        </p>
      )}
      {report?.era && (
        <p role="status" aria-label="Audit summary" className="rounded bg-slate-50 p-2">
          {legacyAuditNote(report.era.reason)}
        </p>
      )}
      {run && !running && run.status !== 'failed' && !report?.era && (
        <p role="status" aria-label="Audit summary" className="font-semibold">
          {run.status === 'cancelled' ? 'Cancelled: ' : ''}
          {report?.scorecards.length ?? 0} audited, {failed} with failures
          {run.fleet.length ? ` (fleet: ${run.fleet.join(', ')})` : ''}.
        </p>
      )}
      {report && (
        <div className="space-y-2">
          {report.problems.map((p, i) => (
            <p key={i} className="text-xs text-amber-800">
              {p.method} failed: {p.message}
            </p>
          ))}
          {report.scorecards.map((card) => (
            <ScorecardView key={`${card.method} ${card.name}`} card={card} />
          ))}
          {report.notAsking.length > 0 && (
            <p className="text-xs text-slate-600">
              Not audited (their first answer asked nothing): {report.notAsking.map((n) => n.name).join(', ')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
