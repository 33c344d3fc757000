/**
 * The flow's recorder: turns each HTTP exchange into a step (held first when stepping through), sends it with the
 * injected `http`, and hands the library a `Response` built from what was recorded. Pure apart from the injected deps.
 */
import type { AuthFetch } from '../../protocol/auth/oauth-lib.ts';
import type { SpecKey } from '../../protocol/auth/spec-refs.ts';
import type { AuthActor, AuthEvent, AuthStep, AuthStepKind } from './auth-model.ts';
import type { AuthHttpRequest, AuthHttpResponse } from '../../protocol/auth/http.ts';

export interface AuthHttpResult {
  response: AuthHttpResponse;
  via: 'direct' | 'relay';
}

export interface RecorderDeps {
  /** send one request (direct or through the relay); rejects when it could not be sent at all */
  http: (req: AuthHttpRequest) => Promise<AuthHttpResult>;
  /** when stepping through: show the held step and resolve with the request to send (maybe edited), or null to cancel */
  hold?: ((step: AuthStep) => Promise<AuthHttpRequest | null>) | undefined;
  dispatch: (e: AuthEvent) => void;
  now: () => number;
  newId: () => string;
}

export class FlowCancelled extends Error {
  override readonly name = 'FlowCancelled';
}

export interface StepMeta {
  kind: AuthStepKind;
  title: string;
  spec: SpecKey;
  from?: AuthActor;
  to: AuthActor;
}

function headerList(init: HeadersInit | undefined): [string, string][] {
  const out: [string, string][] = [];
  new Headers(init).forEach((v, k) => out.push([k, v]));
  return out;
}

function bodyText(body: BodyInit | null | undefined): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  return String(body);
}

/** Record one request as a step: held (and maybe edited) first when stepping through. Returns the step id and request. */
export async function openStep(
  deps: RecorderDeps,
  meta: StepMeta,
  request: AuthHttpRequest,
  via?: AuthStep['via'],
): Promise<{ id: string; request: AuthHttpRequest }> {
  const id = deps.newId();
  const step: AuthStep = {
    id,
    kind: meta.kind,
    from: meta.from ?? 'inspector',
    to: meta.to,
    title: meta.title,
    spec: meta.spec,
    request,
    status: deps.hold ? 'held' : 'sent',
    findings: [],
    at: deps.now(),
    ...(via ? { via } : {}),
  };
  deps.dispatch({ type: 'auth/step', step });
  if (!deps.hold) return { id, request };
  const chosen = await deps.hold(step);
  if (!chosen) {
    deps.dispatch({ type: 'auth/step-updated', id, patch: { status: 'failed' } });
    throw new FlowCancelled('You cancelled the sign-in at this step.');
  }
  const edited = JSON.stringify(chosen) !== JSON.stringify(request);
  deps.dispatch({
    type: 'auth/step-updated',
    id,
    patch: { status: 'sent', request: chosen, ...(edited ? { edited } : {}) },
  });
  return { id, request: chosen };
}

/** Send one recorded request and record its response. */
export async function exchange(
  deps: RecorderDeps,
  meta: StepMeta,
  request: AuthHttpRequest,
): Promise<{ id: string; response: AuthHttpResponse }> {
  const opened = await openStep(deps, meta, request);
  try {
    const { response, via } = await deps.http(opened.request);
    deps.dispatch({ type: 'auth/step-updated', id: opened.id, patch: { status: 'done', response, via } });
    return { id: opened.id, response };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.dispatch({ type: 'auth/step-updated', id: opened.id, patch: { status: 'failed' } });
    deps.dispatch({ type: 'auth/finding', id: opened.id, finding: `Could not be sent: ${message}` });
    throw error;
  }
}

/** A `fetch` for the library: each call is one recorded step described by `meta()` at the time of the call. */
export function recordingFetch(deps: RecorderDeps, meta: StepMeta, onStep?: (id: string) => void): AuthFetch {
  return async (url, init) => {
    const body = bodyText(init.body);
    const request: AuthHttpRequest = {
      method: init.method ?? 'GET',
      url,
      headers: headerList(init.headers),
      ...(body !== undefined ? { body } : {}),
    };
    const { id, response } = await exchange(deps, meta, request);
    onStep?.(id);
    return toResponse(response);
  };
}

/** A fetch `Response` from a recorded one (status 200-599; the body is the recorded text). */
export function toResponse(r: AuthHttpResponse): Response {
  const noBody = r.status === 204 || r.status === 205 || r.status === 304;
  return new Response(noBody ? null : r.body, { status: r.status, headers: r.headers });
}
