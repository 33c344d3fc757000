/**
 * The era of the connection in force, and its 2025-11-25 session when it has one. One instance per app (injected).
 *
 * `resolve(key, detect)` runs the detection once per Connect (`key` changes on every Connect) and hands every caller the
 * same promise, so the discover query and the list queries agree on the era. A new Connect to the same server ends
 * its previous session (`DELETE`); connecting to another server keeps the previous server's session open, so a
 * request it pushed and the calls made on it can still be answered there (a conversation keeps its server), until
 * the app connects to that server again or disconnects. Every HTTP exchange of a session is kept in `exchanges`, in order, so calls can record their legs.
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
  private current?: { key: string; url?: string; promise: Promise<EraResolution>; settled?: EraResolution };
  /** sessions of servers the app was connected to before, kept open for the conversations that belong to them */
  private kept = new Map<string, LegacySession>();
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
    url?: string,
  ): Promise<EraResolution> {
    if (this.current?.key === key) return this.current.promise;
    const previous = this.current?.settled;
    if (previous?.era === 'legacy' && url !== undefined && previous.url !== url) {
      // another server: its session stays, for the conversations that belong to it
      this.current = undefined;
      void this.kept
        .get(previous.url)
        ?.close()
        .catch(() => undefined);
      this.kept.set(previous.url, previous.session);
    } else void this.close();
    if (url !== undefined) {
      // a new Connect to a server whose session was kept replaces it
      void this.kept
        .get(url)
        ?.close()
        .catch(() => undefined);
      this.kept.delete(url);
    }
    this.exchanges = [];
    const log = this.exchanges;
    const entry: { key: string; url?: string; promise: Promise<EraResolution>; settled?: EraResolution } = {
      key,
      ...(url !== undefined ? { url } : {}),
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
    if (settled?.era === 'legacy' && settled.url === url) return settled.session;
    return this.kept.get(url);
  }

  /** Forget the connection; a 2025-11-25 session is ended with `DELETE`. Resolves with that exchange, if any. */
  async close(): Promise<LegacyExchange | undefined> {
    const settled = this.current?.settled;
    this.current = undefined;
    // the sessions kept for earlier servers end too: nothing is connected any more
    for (const session of this.kept.values()) void session.close().catch(() => undefined);
    this.kept.clear();
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
