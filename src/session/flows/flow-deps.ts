import type { SessionEvent } from '../events.ts';

/** Why a run stopped, shown under the composer. */
export interface RunNote {
  kind:
    | 'round-cap'
    | 'needs-input'
    | 'aborted'
    | 'finished'
    | 'refused'
    /** the call ended with an error or an answer that is no valid response: no result */
    | 'ended'
    | 'not-sent'
    | 'tamper'
    | 'transport'
    | 'held'
    | 'sent';
  message: string;
  /** for `sent`: the leg that went out without being held; for `transport`: the leg that failed (to fork it) */
  legId?: string;
}

/** A timed wait the user should see counting down (backoff between state-only legs, waiting for a token's exp). */
export interface RunWait {
  /** ms epoch */
  until: number;
  reason: string;
}

/** What every long-running flow is given: the world outside it, injected so tests pass fakes (no real time). */
export interface FlowDeps {
  dispatch: (event: SessionEvent) => void;
  /** ms epoch */
  now: () => number;
  /** wait `ms`, or less when `signal` aborts (never rejects) */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** show (or, with null, clear) the wait the flow is in, so the user sees it count down */
  showWait: (wait: RunWait | null) => void;
  /** the user pressed Stop */
  signal: AbortSignal;
}

/** Sleep with a visible countdown; resolves early when the flow is stopped. */
export async function waitVisibly(deps: FlowDeps, ms: number, reason: string): Promise<void> {
  deps.showWait({ until: deps.now() + ms, reason });
  await deps.sleep(ms, deps.signal);
  deps.showWait(null);
}
