/**
 * The authorization flow as data: every HTTP exchange (and the browser redirect) is a step, recorded in order, with the
 * spec section it follows and findings in plain words. Held steps wait for the user ("Step through"). Pure types.
 * Tokens live here only in memory: this state is never part of the persisted session, exports, HAR or share links.
 */
import type { SpecKey } from '../../protocol/auth/spec-refs.ts';

export type AuthStepKind =
  'challenge' | 'prm' | 'as-metadata' | 'registration' | 'authorize' | 'callback' | 'token' | 'refresh';

import type { AuthHttpRequest, AuthHttpResponse } from '../../protocol/auth/http.ts';

export interface AuthStep {
  id: string;
  kind: AuthStepKind;
  /** who talks to whom, for the sequence diagram */
  from: AuthActor;
  to: AuthActor;
  title: string;
  spec: SpecKey;
  request?: AuthHttpRequest;
  response?: AuthHttpResponse;
  /** how the request left the page */
  via?: 'direct' | 'relay' | 'browser';
  status: 'held' | 'sent' | 'done' | 'failed';
  /** the user changed the request while it was held */
  edited?: boolean;
  findings: string[];
  at: number;
}

export type AuthActor = 'you' | 'browser' | 'inspector' | 'resource' | 'auth-server';

export interface TokenSet {
  accessToken: string;
  tokenType: string;
  refreshToken?: string;
  /** epoch ms, when the server said */
  expiresAt?: number;
  scope?: string;
  issuer: string;
  clientId: string;
}

interface AuthFailure {
  /** plain words: what happened and what to do next */
  message: string;
  spec: SpecKey;
}

type AuthPhase = 'idle' | 'running' | 'waiting-for-browser' | 'signed-in' | 'failed' | 'stopped';

export interface AuthFlowState {
  phase: AuthPhase;
  /** the server URL this flow authorizes for */
  serverUrl: string | null;
  steps: AuthStep[];
  tokens: TokenSet | null;
  failure: AuthFailure | null;
  /** scopes requested by authorizations of this connection so far (kept for step-up) */
  requestedScopes: string[];
  /** authorizations since the last request the server accepted (retry limit) */
  authorizationsWithoutSuccess: number;
}

export const INITIAL_AUTH: AuthFlowState = {
  phase: 'idle',
  serverUrl: null,
  steps: [],
  tokens: null,
  failure: null,
  requestedScopes: [],
  authorizationsWithoutSuccess: 0,
};

export type AuthEvent =
  | { type: 'auth/started'; serverUrl: string; at: number }
  | { type: 'auth/step'; step: AuthStep }
  | { type: 'auth/step-updated'; id: string; patch: Partial<Omit<AuthStep, 'id'>> }
  | { type: 'auth/finding'; id: string; finding: string }
  | { type: 'auth/waiting-for-browser' }
  | { type: 'auth/scopes-requested'; scopes: string[] }
  | { type: 'auth/tokens'; tokens: TokenSet }
  | { type: 'auth/failed'; failure: AuthFailure }
  | { type: 'auth/stopped'; failure: AuthFailure }
  | { type: 'auth/request-accepted' }
  | { type: 'auth/signed-out' }
  /** tokens this tab kept (the user opted in) are back after a reload: signed in, no steps to show */
  | { type: 'auth/restored'; serverUrl: string; tokens: TokenSet };

/** How this app identifies itself to authorization servers; memory only (the secret never reaches storage). */
export interface AuthSettings {
  /** pre-registered client id ('' = none: a Client ID Metadata Document or Dynamic Client Registration instead) */
  clientId: string;
  clientSecret: string;
  /**
   * the issuer of the authorization server the pre-registered client belongs to ('' = bound to the first one it signs
   * in with); the credentials are never sent to another one. Typing another client ID unbinds it
   */
  clientIssuer: string;
  /** the client_id URL to use with Client ID Metadata Documents ('' = this app's own document) */
  metadataDocumentUrl: string;
  /** hold every step of the flow until "Send step" */
  stepThrough: boolean;
  /** keep the tokens in this tab's sessionStorage (per server) so a reload stays signed in; default off */
  keepInTab: boolean;
}
