/**
 * Client scenarios that cannot pass yet, each with the reason and the issue that will make it pass. The client runner
 * fails on any other failure, and on a listed scenario that passes (so this list stays true: remove the entry).
 */
export interface ExpectedFailure {
  reason: string;
  issue: number;
}

const AUTH_SCENARIOS = [
  'metadata-default',
  'metadata-var1',
  'metadata-var2',
  'metadata-var3',
  'basic-cimd',
  'scope-from-www-authenticate',
  'scope-from-scopes-supported',
  'scope-omitted-when-undefined',
  'scope-step-up',
  'scope-retry-limit',
  'token-endpoint-auth-basic',
  'token-endpoint-auth-post',
  'token-endpoint-auth-none',
  'pre-registration',
  'resource-mismatch',
  'offline-access-scope',
  'offline-access-not-supported',
  'authorization-server-migration',
  'iss-supported',
  'iss-not-advertised',
  'iss-supported-missing',
  'iss-wrong-issuer',
  'iss-unexpected',
  'iss-normalized',
  'metadata-issuer-mismatch',
];

const NO_OAUTH: ExpectedFailure = {
  reason: 'the inspector has no OAuth flow yet (Sign in, protected resource metadata, PKCE, token endpoint)',
  issue: 16,
};

const NO_LEGACY_CONNECT: ExpectedFailure = {
  reason:
    'the UI does not connect to a 2025-11-25 server yet: the legacy session exists at the client edge ' +
    '(src/client/legacy/, used by Compare eras) but Connect still speaks only server/discover; the interim node ' +
    'client e2e/conformance/legacy-node-client.ts, built on that session, passes this scenario',
  issue: 18,
};

/** Keyed by spec revision, then scenario. */
export const EXPECTED_FAILURES: Record<string, Record<string, ExpectedFailure>> = {
  '2026-07-28': Object.fromEntries(AUTH_SCENARIOS.map((s) => [`auth/${s}`, NO_OAUTH])),
  '2025-11-25': Object.fromEntries(
    ['initialize', 'tools_call', 'elicitation-sep1034-client-defaults', 'sse-retry'].map((s) => [s, NO_LEGACY_CONNECT]),
  ),
};

export function expectedFailure(specVersion: string, scenario: string): ExpectedFailure | undefined {
  return EXPECTED_FAILURES[specVersion]?.[scenario];
}
