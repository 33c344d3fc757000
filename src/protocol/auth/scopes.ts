/**
 * Scope selection (MCP "Scope Selection Strategy", "Scope Challenge Handling", SEP-2207 offline_access). Pure.
 */
export interface ScopeInput {
  /** `scope` of the 401/403 challenge */
  challenge?: string | undefined;
  /** `scopes_supported` of the Protected Resource Metadata */
  prmScopes?: string[] | undefined;
  /** `scopes_supported` of the authorization server metadata (only consulted for offline_access) */
  asScopes?: string[] | undefined;
  /** scopes requested by earlier authorizations of this connection (a step-up keeps them) */
  previous?: string[] | undefined;
}

function split(scope: string | undefined): string[] {
  return (scope ?? '').split(' ').filter(Boolean);
}

function union(...lists: string[][]): string[] {
  return [...new Set(lists.flat())];
}

export interface ScopeChoice {
  /** the `scope` parameter, or undefined to omit it */
  scope: string | undefined;
  /** one line on why, for the findings */
  why: string;
}

/**
 * 1. the challenge's scope, else 2. the PRM's `scopes_supported`, else omit; a step-up adds the earlier scopes;
 * `offline_access` is added only when the authorization server lists it (and never otherwise).
 */
export function chooseScopes(input: ScopeInput): ScopeChoice {
  const challenged = split(input.challenge);
  let base: string[];
  let why: string;
  if (challenged.length > 0) {
    base = challenged;
    why = `scope from the server's WWW-Authenticate challenge (${challenged.join(' ')})`;
  } else if (input.prmScopes && input.prmScopes.length > 0) {
    base = input.prmScopes;
    why = `no scope in the challenge: all of the Protected Resource Metadata's scopes_supported`;
  } else {
    base = [];
    why = 'neither the challenge nor the Protected Resource Metadata names scopes: scope omitted';
  }
  const previous = input.previous ?? [];
  if (previous.length > 0 && challenged.length > 0) why += `, plus the scopes asked for before (${previous.join(' ')})`;
  let scopes = challenged.length > 0 ? union(previous, base) : union(base, previous);
  scopes = scopes.filter((s) => s !== 'offline_access');
  if (input.asScopes?.includes('offline_access') && scopes.length > 0) {
    scopes.push('offline_access');
    why += '; offline_access added because the authorization server lists it (refresh tokens)';
  }
  return { scope: scopes.length > 0 ? scopes.join(' ') : undefined, why };
}

/** At most this many authorizations in a row for one connection without a successful request in between. */
export const MAX_AUTHORIZATIONS_WITHOUT_SUCCESS = 3;

/** May the client authorize again? False once the server kept refusing after as many authorizations (no loops). */
export function mayAuthorizeAgain(authorizationsWithoutSuccess: number): boolean {
  return authorizationsWithoutSuccess < MAX_AUTHORIZATIONS_WITHOUT_SUCCESS;
}
