import type { StateCreator } from 'zustand';
import { legSenderFor } from './leg-senders.ts';
import { sleep } from '../lib/sleep.ts';
import type { AuditProgress } from '../session/audit/audit.ts';
import type { AuditInput, AuditRun } from '../session/audit/audit-run.ts';
import type { ConnectionContext } from '../session/compose.ts';
import type { InspectorDeps, InspectorState } from './inspector-store.ts';
import type { TransportMode } from './connection-slice.ts';

export interface AuditSlice {
  audit: AuditRun | null;
  /** run the audit (the command line's flow) against the connected server, through the app's own send path */
  startAudit: (input: AuditInput) => Promise<void>;
  /** stop after the leg in flight; the scorecards finished so far stay */
  cancelAudit: () => void;
}

/** What the audit slice is given of the others (store/flows/store-flows.ts): the connection it audits through. */
export interface AuditLinks {
  /** the server the app is connected to (null: none) */
  connectedUrl: () => string | null;
  /** the connection's settings (headers, token) every leg carries */
  connection: () => ConnectionContext;
  transportMode: () => TransportMode;
}

function progressed(run: AuditRun, p: AuditProgress): AuditRun {
  switch (p.type) {
    case 'listing':
      return { ...run, step: 'Listing tools, prompts and resource templates…' };
    case 'target':
      return {
        ...run,
        step: `Auditing ${p.method} ${p.name} (${p.index + 1} of ${p.total})`,
        target: { method: p.method, name: p.name, index: p.index, total: p.total, checks: [], checkTotal: 0 },
      };
    case 'check':
      return run.target
        ? { ...run, target: { ...run.target, checks: [...run.target.checks, p.check], checkTotal: p.total } }
        : run;
    case 'not-asking':
      return { ...run, step: `${p.name} asked for nothing: not audited` };
  }
}

export const createAuditSlice =
  (deps: InspectorDeps, links: AuditLinks): StateCreator<InspectorState, [], [], AuditSlice> =>
  (set, get) => {
    let controller: AbortController | null = null;
    const update = (change: (run: AuditRun) => AuditRun) => set((s) => (s.audit ? { audit: change(s.audit) } : {}));
    return {
      audit: null,
      cancelAudit: () => controller?.abort(),
      startAudit: async (input) => {
        const server = links.connectedUrl();
        if (!server || get().audit?.status === 'running') return;
        const fleet = (input.fleet ?? []).filter((u) => u && u !== server);
        const base: AuditRun = { status: 'running', server, fleet, step: 'Starting…' };
        if (deps.eras?.legacyFor(server)) {
          // a 2025-11-25 server keeps its state in the session: a finished audit with nothing to score, and why
          const { legacyEraReport } = await import('../session/audit/audit-report.ts');
          const report = legacyEraReport(server, fleet, 'found on Connect');
          set({ audit: { ...base, status: 'done', step: 'Finished', report } });
          return;
        }
        const stop = new AbortController();
        controller = stop;
        set({ audit: base });
        const transportMode = links.transportMode();
        const connection = links.connection();
        try {
          // the audit (its checks, scoring and call driver) loads when a user first runs one, not with the first screen
          const [{ runAudit }, { createDriver }] = await Promise.all([
            import('../session/audit/audit.ts'),
            import('../session/flows/driver.ts'),
          ]);
          const driver = createDriver({
            now: deps.now,
            connection,
            // the app's own send path: the same fetch (direct or through the relay), headers and timeout as a leg
            send: (c) =>
              legSenderFor(deps, transportMode).send({
                url: c.url,
                headers: c.headers,
                body: c.body,
                signal: stop.signal,
                rpcId: c.rpcId,
              }),
          });
          const report = await runAudit({
            driver,
            server,
            fleet,
            ...(input.only?.length ? { only: input.only } : {}),
            // the connection's own sign-in or token is on every leg; the second identity replaces only Authorization
            ...(input.secondToken ? { secondIdentity: { authorization: `Bearer ${input.secondToken}` } } : {}),
            ...(input.expiryWaitSeconds !== undefined ? { expiryWaitSeconds: input.expiryWaitSeconds } : {}),
            ...(input.otherService ? { otherService: input.otherService } : {}),
            ...(input.unusable ? { unusable: input.unusable } : {}),
            now: deps.now,
            sleep: (ms) => sleep(ms, stop.signal),
            signal: stop.signal,
            onProgress: (p) => update((run) => progressed(run, p)),
            onScorecard: (card) =>
              update((run) => ({
                ...run,
                report: {
                  server,
                  fleet,
                  notAsking: [],
                  problems: [],
                  ...run.report,
                  scorecards: [...(run.report?.scorecards ?? []), card],
                },
              })),
          });
          update((run) => ({
            ...run,
            status: report.cancelled ? 'cancelled' : 'done',
            step: report.cancelled ? 'Cancelled' : 'Finished',
            report,
          }));
        } catch (err) {
          update((run) => ({ ...run, status: 'failed', error: err instanceof Error ? err.message : String(err) }));
        } finally {
          if (controller === stop) controller = null;
        }
      },
    };
  };
