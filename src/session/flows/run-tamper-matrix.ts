import type { SessionState, TamperRow } from '../model.ts';
import { knownRequestStates, targetOf } from '../selectors.ts';
import { planTamperMatrix } from '../tamper-matrix.ts';
import { waitVisibly, type FlowDeps, type RunNote } from './flow-deps.ts';

export interface TamperMatrixDeps extends FlowDeps {
  /** the session as it is now */
  session: () => SessionState;
  newId: (prefix: string) => string;
  /** send a branch's draft as composed (without selecting it); resolves once the leg is recorded */
  send: (branchId: string) => Promise<void>;
}

/** What a finished (or stopped) matrix run says: how many forks were sent and skipped. */
export function tamperNote(session: SessionState, conversationId: string, aborted: boolean): RunNote {
  const done = session.conversations[conversationId]?.tamperRun?.rows ?? [];
  const sentCount = done.filter((r) => r.status === 'sent').length;
  const skipped = done.filter((r) => r.status === 'skipped').length;
  return {
    kind: aborted ? 'aborted' : 'tamper',
    message: `${aborted ? 'Tamper matrix aborted' : 'Tamper matrix finished'}: ${sentCount} forks sent, ${skipped} skipped. The paused leg is untouched.`,
  };
}

/**
 * One fork per standard mutation of the paused leg's requestState, each sent; results live on the forks, the paused
 * leg is untouched. Rows that need the state to expire first wait (visibly) for it. Returns the run's note; without a
 * draft to tamper with, returns null and does nothing.
 */
export async function runTamperMatrix(conversationId: string, deps: TamperMatrixDeps): Promise<RunNote | null> {
  const source = deps.session().conversations[conversationId];
  const draft = source?.draft;
  if (!source || !draft) return null;
  const runId = deps.newId('tamper');
  const rows = planTamperMatrix(draft.originalRequestState, {
    now: deps.now(),
    target: targetOf(source),
    otherStates: knownRequestStates(deps.session()),
  });
  const run = { id: runId, startedAt: deps.now(), rows };
  deps.dispatch({
    type: 'tamper/planned',
    conversationId,
    run: draft.afterLegId ? { ...run, legId: draft.afterLegId } : run,
  });
  const mark = (mutationId: string, patch: Partial<TamperRow>) =>
    deps.dispatch({ type: 'tamper/row', conversationId, runId, mutationId, patch });
  try {
    for (const r of rows) {
      if (r.status === 'skipped') continue;
      if (deps.signal.aborted) break;
      if (r.waitUntil !== undefined) {
        mark(r.mutationId, { status: 'waiting' });
        const ms = Math.max(0, r.waitUntil - deps.now());
        await waitVisibly(deps, ms, `waiting for the requestState to expire (${r.label})`);
        if (deps.signal.aborted) break;
      }
      const branchId = deps.newId('conv');
      deps.dispatch({
        type: 'draft/forked',
        conversationId,
        id: branchId,
        at: deps.now(),
        title: `${source.title} · tamper: ${r.label}`,
        requestState: r.requestState,
        tamper: { runId, mutationId: r.mutationId, label: r.label },
      });
      mark(r.mutationId, { status: 'sent', branchId });
      await deps.send(branchId);
    }
  } finally {
    deps.dispatch({ type: 'tamper/finished', conversationId, runId });
  }
  return tamperNote(deps.session(), conversationId, deps.signal.aborted);
}
