/**
 * The store's one way onto the wire over HTTP: the sender of a transport mode, made from the injected fetch, timeout
 * and clock. Every slice that sends a leg (a call, a task's poll, the audit) sends it here, so a leg's options are
 * assembled once.
 */
import { httpLegSender, type LegSender } from '../client/leg-sender.ts';
import type { TransportMode } from './connection-slice.ts';
import type { InspectorDeps } from './inspector-store.ts';

/** The sender of `mode`; `untimed`: a stream that lives as long as what it follows (a task's listen) gets no timeout. */
export function legSenderFor(deps: InspectorDeps, mode: TransportMode, opts: { untimed?: boolean } = {}): LegSender {
  return httpLegSender({
    fetch: deps.fetchFor(mode),
    viaRelay: mode === 'relay',
    timeoutMs: opts.untimed ? undefined : deps.timeoutMs,
    now: deps.now,
  });
}
