/**
 * The era of the connection in force, and its 2025-11-25 session when it has one. One instance per app (injected).
 *
 * `resolve(key, detect)` runs the detection once per Connect (`key` changes on every Connect) and hands every caller the
 * same promise, so the discover query and the list queries agree on the era. A new key ends the previous session
 * (`DELETE`). Every HTTP exchange of a session is kept in `exchanges`, in order, so calls can record their legs.
 * No React, no store.
 */
import type { LegacyExchange, LegacySession, PushedAnswer, PushedVia } from './legacy-session.ts';
import { answerWithoutCall } from './standalone.ts';
import type { PushedRequest } from './messages.ts';

/** Takes a request a session's server pushed outside any call; `null`: it is answered later (`session.respond`). */
export type SessionPushedListener = (
  session: LegacySession,
  request: PushedRequest,
  via: PushedVia,
) => Promise<PushedAnswer | null>;

export type EraResolution =
  | { era: 'modern'; reason?: string }
  | { era: 'legacy'; url: string; session: LegacySession; reason: string; handshake: LegacyExchange[] };

export class EraConnections {
  private current?: { key: string; promise: Promise<EraResolution>; settled?: EraResolution };
  /** every exchange of the current session, in order */
  exchanges: LegacyExchange[] = [];
  /** who shows requests pushed on a session's own stream (the store: a conversation each) */
  onSessionPushed?: SessionPushedListener;
  /** who reads the notifications a session's server sends (on any stream): `url` is the session's */
  onSessionNotified?: (url: string, message: Record<string, unknown>) => void;

  /** A notification from the server of the session to `url`: to the listener, if any (else it is only recorded). */
  notifiedOnSession(url: string, message: Record<string, unknown>): void {
    this.onSessionNotified?.(url, message);
  }

  /** A request pushed on `session`'s standalone stream: to the listener, or answered/refused at once without one. */
  pushedOnSession(session: LegacySession, request: PushedRequest, via: PushedVia): Promise<PushedAnswer | null> {
    return this.onSessionPushed
      ? this.onSessionPushed(session, request, via)
      : Promise.resolve(answerWithoutCall(request));
  }

  /** The era for `key`: the running detection, or a new one (ending the previous session). */
  resolve(
    key: string,
    detect: (record: (e: LegacyExchange) => void) => Promise<EraResolution>,
  ): Promise<EraResolution> {
    if (this.current?.key === key) return this.current.promise;
    void this.close();
    this.exchanges = [];
    const log = this.exchanges;
    const entry: { key: string; promise: Promise<EraResolution>; settled?: EraResolution } = {
      key,
      promise: detect((e) => log.push(e)),
    };
    entry.promise.then(
      (r) => {
        entry.settled = r;
      },
      () => undefined,
    );
    this.current = entry;
    return entry.promise;
  }

  /** The 2025-11-25 session of the connection in force to `url`, once established; undefined on 2026-07-28. */
  legacyFor(url: string): LegacySession | undefined {
    const settled = this.current?.settled;
    return settled?.era === 'legacy' && settled.url === url ? settled.session : undefined;
  }

  /** Forget the connection; a 2025-11-25 session is ended with `DELETE`. Resolves with that exchange, if any. */
  async close(): Promise<LegacyExchange | undefined> {
    const settled = this.current?.settled;
    this.current = undefined;
    if (settled?.era !== 'legacy') return undefined;
    const before = this.exchanges.length;
    const log = this.exchanges;
    try {
      await settled.session.close();
    } catch {
      return undefined;
    }
    // the standalone GET stream ends (aborted) as the session closes: the answer wanted is the DELETE's
    return log.slice(before).find((e) => e.label.startsWith('DELETE'));
  }
}
