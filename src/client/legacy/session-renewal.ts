/**
 * What a 2025-11-25 client does when the server loses its session (2025-11-25 `basic/transports`: a 404 to a request
 * that carried `Mcp-Session-Id` means the session is gone, and the client MUST start a new one with a new
 * `initialize`). One renewal however many requests hit the 404 at once: while it runs, each of them waits for it; a
 * 404 to an id already replaced starts nothing. The session (legacy-session.ts) says how to start over; this module
 * says when, and makes the requests that hit the 404 wait for one new session.
 */

/** What the renewal needs of the session it renews. */
export interface RenewableSession {
  /** the id of the session in force (undefined: none, or none yet) */
  current(): string | undefined;
  /** forget the session in force and initialize a new one; rejects when the new `initialize` is refused */
  restart(): Promise<void>;
  /** the new session is up */
  renewed(): void;
}

/** The id the server said is gone: the one a request carried when its answer is a 404. */
export function goneSessionId(status: number, sentSessionId: string | undefined): string | undefined {
  return status === 404 ? sentSessionId : undefined;
}

/** The label of an exchange whose answer said the session is gone. */
export function sessionGoneLabel(label: string): string {
  return `${label} (session gone: HTTP 404)`;
}

/** True when `label` names an exchange of `method` whose answer said the session is gone. */
export function isSessionGone(label: string, method: string): boolean {
  return label.startsWith(`${method} (session gone`);
}

export class SessionRenewal {
  /** the new session being started after a 404 to the old one's id: every 404 of that id waits for this one */
  private renewing?: Promise<void>;

  constructor(private readonly session: RenewableSession) {}

  /** a renewal is under way */
  get underWay(): boolean {
    return this.renewing !== undefined;
  }

  /** Waits for the renewal under way to end, whether or not the new session came up (its requests say which). */
  async settled(): Promise<void> {
    await this.renewing?.catch(() => undefined);
  }

  /**
   * Starts a new session because the server answered 404 to `gone`, the id a request carried. While a renewal runs,
   * returns that one; when `gone` is no longer the session in force, starts nothing. Rejects when the new
   * `initialize` is refused.
   */
  renew(gone: string): Promise<void> {
    if (this.renewing) return this.renewing;
    if (this.session.current() !== gone) return Promise.resolve();
    const renewing = (async () => {
      try {
        await this.session.restart();
      } finally {
        this.renewing = undefined;
      }
      this.session.renewed();
    })();
    this.renewing = renewing;
    return renewing;
  }
}
