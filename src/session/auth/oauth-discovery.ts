/**
 * The discovery half of the OAuth flow: Protected Resource Metadata, authorization server metadata, client identity.
 * Each step is recorded; a problem stops the flow with `FlowStop` (plain words + spec section).
 */
import { planIdentity, preRegisteredMismatch } from '../../protocol/auth/client-identity.ts';
import { asMetadataCandidates, prmCandidates } from '../../protocol/auth/discovery-urls.ts';
import type { AsMetadata, RegisteredClient, TokenResponse } from '../../protocol/auth/oauth-lib.ts';
import {
  checkPrmDocument,
  checkResourceMatches,
  type ProtectedResourceMetadata,
} from '../../protocol/auth/resource.ts';
import type { SpecKey } from '../../protocol/auth/spec-refs.ts';
import type { TokenSet } from './auth-model.ts';
import { exchange, recordingFetch, toResponse, type StepMeta } from './oauth-recorder.ts';
import type { OAuthFlowDeps, OAuthFlowInput } from './oauth.ts';
import type { AuthHttpResponse } from '../../protocol/auth/http.ts';

export class FlowStop extends Error {
  constructor(
    message: string,
    readonly spec: SpecKey,
  ) {
    super(message);
  }
}

function json(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function tokenSetOf(
  r: TokenResponse,
  as: AsMetadata,
  client: RegisteredClient,
  now: number,
  previous?: TokenSet,
): TokenSet {
  const t: TokenSet = {
    accessToken: r.accessToken,
    tokenType: r.tokenType,
    issuer: as.issuer,
    clientId: client.clientId,
  };
  const refresh = r.refreshToken ?? previous?.refreshToken;
  if (refresh) t.refreshToken = refresh;
  if (r.expiresIn !== undefined) t.expiresAt = now + r.expiresIn * 1000;
  const scope = r.scope ?? previous?.scope;
  if (scope) t.scope = scope;
  return t;
}

/**
 * GET each candidate metadata location in order (each one a recorded step) and return the first that answers 200,
 * noting on the others that the next location is tried; null when none does.
 */
async function firstAnswering(
  deps: OAuthFlowDeps,
  meta: StepMeta,
  candidates: string[],
): Promise<{ id: string; response: AuthHttpResponse } | null> {
  for (const url of candidates) {
    const answer = await exchange(deps, meta, { method: 'GET', url, headers: [['accept', 'application/json']] });
    if (answer.response.status === 200) return answer;
    deps.dispatch({
      type: 'auth/finding',
      id: answer.id,
      finding: `HTTP ${answer.response.status}: not here, trying the next location.`,
    });
  }
  return null;
}

export async function discoverPrm(
  deps: OAuthFlowDeps,
  serverUrl: string,
  resourceMetadata?: string,
): Promise<ProtectedResourceMetadata> {
  const found = await firstAnswering(
    deps,
    { kind: 'prm', title: 'Protected Resource Metadata', spec: 'prm', to: 'resource' },
    prmCandidates(serverUrl, resourceMetadata),
  );
  if (!found)
    throw new FlowStop(
      'No Protected Resource Metadata was found at any of the well-known locations, so the authorization server is unknown.',
      'prm',
    );
  const { id, response } = found;
  const checked = checkPrmDocument(json(response.body));
  if (!checked.ok) throw new FlowStop(checked.problem, 'prm');
  deps.dispatch({
    type: 'auth/finding',
    id,
    finding: `Authorization server: ${checked.value.authorization_servers[0]}; resource ${checked.value.resource}.`,
  });
  const match = checkResourceMatches(serverUrl, checked.value.resource);
  if (!match.ok)
    throw new FlowStop(`${match.problem} Sign-in stopped before any authorization request.`, 'prmResource');
  return checked.value;
}

export async function discoverAs(deps: OAuthFlowDeps, issuer: string): Promise<AsMetadata> {
  const found = await firstAnswering(
    deps,
    { kind: 'as-metadata', title: 'Authorization server metadata', spec: 'asMetadata', to: 'auth-server' },
    asMetadataCandidates(issuer),
  );
  if (!found)
    throw new FlowStop(
      `No authorization server metadata was found for ${issuer} (RFC 8414 and OpenID Connect discovery both tried).`,
      'asMetadata',
    );
  const { id, response } = found;
  // RFC 8414 §3.3: the issuer in the metadata is identical to the one it was discovered from, compared as strings (the
  // library compares normalised URLs, which lets `https://as.example/` stand for `https://as.example`)
  const body = json(response.body) as { issuer?: unknown } | undefined;
  if (typeof body?.issuer === 'string' && body.issuer !== issuer)
    throw new FlowStop(
      `The metadata fetched for ${issuer} says its issuer is "${body.issuer}": metadata whose issuer is not identical to the one it was fetched for (compared as a string, no normalisation) is refused, and none of its endpoints are used.`,
      'asIssuer',
    );
  try {
    const as = await deps.lib.processAsMetadata(issuer, toResponse(response));
    deps.dispatch({
      type: 'auth/finding',
      id,
      finding: `issuer "${as.issuer}" matches the authorization server named by the resource.`,
    });
    return as;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new FlowStop(`The authorization server metadata is malformed: ${message}`, 'asMetadata');
  }
}

export async function identify(deps: OAuthFlowDeps, input: OAuthFlowInput, as: AsMetadata): Promise<RegisteredClient> {
  const known = input.registrations[as.issuer];
  const plan = planIdentity(input.identity, as);
  // why an identity was passed over is said on the metadata step, whatever identity is used instead
  const passedOver = [preRegisteredMismatch(input.identity, as.issuer), ...(plan.kind === 'dcr' ? plan.notes : [])];
  const lastStep = deps.getState().steps.at(-1);
  for (const finding of passedOver)
    if (finding && plan.kind !== 'none' && lastStep) deps.dispatch({ type: 'auth/finding', id: lastStep.id, finding });
  if (plan.kind === 'pre-registered')
    return {
      issuer: as.issuer,
      clientId: plan.clientId,
      clientSecret: plan.clientSecret,
      method: plan.method,
      kind: 'pre-registered',
    };
  if (plan.kind === 'cimd')
    return { issuer: as.issuer, clientId: plan.clientId, clientSecret: '', method: 'none', kind: 'cimd' };
  if (known) return known;
  if (plan.kind === 'none') throw new FlowStop(plan.why, 'preRegistered');
  const fetch = recordingFetch(deps, {
    kind: 'registration',
    title: 'Dynamic Client Registration',
    spec: 'dcr',
    to: 'auth-server',
  });
  return deps.lib.register(
    as,
    { ...input.registrationMetadata, token_endpoint_auth_method: plan.requestMethod },
    fetch,
  );
}
