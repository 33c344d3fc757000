/**
 * Connection doctor: PURE. Turns what went wrong on a direct browser connection, plus an optional outside-the-browser
 * probe run by the local relay (`ProbeReport`), into plain-language findings with a fix and a suggested action.
 * No DOM, no fetch: the relay (node) produces `ProbeReport`, the browser consumes it.
 */
import {
  authFindings,
  corsFindings,
  forbiddenFindings,
  legacyFindings,
  mixedContentFindings,
  networkFindings,
  ok,
  versionFindings,
} from './doctor-findings.ts';
import { errorOf, PROTOCOL_VERSION } from './types.ts';
import { headerMismatchFindings } from './header-mismatch.ts';

/** A network-level failure, with the node/OpenSSL error code when there is one (`ECONNREFUSED`, `CERT_HAS_EXPIRED`...). */
export interface ProbeNetworkError {
  code: string;
  message: string;
}

/** One HTTP response seen by the probe. Header names are lower-case. */
export interface ProbeResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  contentType: string | null;
  /** Body text, cut at 64 KB. */
  body: string;
  bodyTruncated: boolean;
  /** The JSON-RPC message parsed from a JSON body or from the SSE `data:` lines (the last one with an `id`). */
  message: unknown;
  elapsedMs: number;
}

/** Either a response or a network error (never both). */
export interface ProbeOutcome {
  response?: ProbeResponse;
  error?: ProbeNetworkError;
}

export interface ProbePreflight extends ProbeOutcome {
  /** The headers the probe sent with its `OPTIONS` (Origin, Access-Control-Request-*). */
  requestHeaders: Record<string, string>;
  /** Every `access-control-*` response header, lower-case names. */
  accessControl: Record<string, string>;
}

export interface ProbeLegacy extends ProbeOutcome {
  /** `initialize` answered with a result. */
  ok: boolean;
  protocolVersion?: string;
}

export interface ProbeReport {
  target: string;
  /** The origin the probe impersonated (the app's origin). */
  appOrigin: string;
  startedAt: string;
  preflight: ProbePreflight;
  /** A 2026-07-28 `server/discover` POST sent with `Origin: appOrigin`, as a browser would. */
  discover: ProbeOutcome;
  /** Present only when `discover` got 403: the same POST without an `Origin` header. */
  discoverWithoutOrigin?: ProbeOutcome;
  /** Present only when `discover` failed with a 4xx that is not a 2026-07-28 error: a legacy `initialize`. */
  legacy?: ProbeLegacy;
}

type FindingAction = 'use-relay' | 'enter-token' | 'pick-version' | 'use-legacy-note';

export interface Finding {
  id: string;
  severity: 'error' | 'warning' | 'info';
  title: string;
  detail: string;
  fix: string;
  action?: FindingAction;
}

export interface DiagnoseInput {
  directError?: { kind: 'network' | 'http' | 'parse'; message: string; status?: number; body?: unknown };
  probe?: ProbeReport;
  appOrigin: string;
  targetUrl: string;
  pageProtocol: 'http:' | 'https:';
}

const EXPLAINS_DISCOVER = new Set([
  'auth-required',
  'forbidden-origin',
  'forbidden',
  'unsupported-version',
  'legacy-server',
  'header-mismatch',
]);

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/** All findings for one failed (or suspicious) connection, errors first. */
export function diagnose(input: DiagnoseInput): Finding[] {
  const { probe, directError } = input;
  const findings: Finding[] = [...mixedContentFindings(input)];
  const networkError = probe?.discover.error ?? probe?.preflight.error;
  if (networkError) findings.push(...networkFindings(networkError, input.targetUrl));
  if (probe && !networkError) findings.push(...corsFindings(probe, input.appOrigin));
  const discoverRes = probe?.discover.response;
  const status = discoverRes?.status ?? (directError?.kind === 'http' ? directError.status : undefined);
  findings.push(...authFindings(status, discoverRes));
  findings.push(...forbiddenFindings(probe, directError?.status, input.appOrigin));
  findings.push(...versionFindings([directError?.body, discoverRes?.message], input.targetUrl));
  findings.push(...headerMismatchFindings([directError?.body, discoverRes?.message]));
  findings.push(...legacyFindings(probe));
  const explained = findings.some((f) => EXPLAINS_DISCOVER.has(f.id));
  if (discoverRes && !ok(discoverRes.status) && !explained) {
    const err = errorOf(discoverRes.message);
    findings.push({
      id: 'discover-failed',
      severity: 'error',
      title: `server/discover failed (HTTP ${discoverRes.status})`,
      detail: err
        ? `JSON-RPC error ${String(err.code)}: ${String(err.message)}`
        : `Body: ${discoverRes.body.slice(0, 300)}`,
      fix: 'Check that the URL is the MCP endpoint and that the server implements MCP over streamable HTTP.',
    });
  }
  if (directError?.kind === 'parse') {
    findings.push({
      id: 'unparseable-response',
      severity: 'error',
      title: 'The response is not valid MCP',
      detail: directError.message,
      fix: 'Check that the URL is the MCP endpoint (not a web page or a proxy error page).',
    });
  }
  if (directError?.kind === 'network' && !probe && findings.length === 0) {
    findings.push({
      id: 'browser-network-error',
      severity: 'warning',
      title: 'The browser blocked or could not complete the request',
      detail:
        'A browser reports CORS refusals, unreachable servers and certificate errors all as the same network error, and hides which.',
      fix: 'Run the diagnosis through the local relay to see what the server really answers, or connect through the relay.',
      action: 'use-relay',
    });
  }
  if (probe && ok(discoverRes?.status) && !errorOf(discoverRes?.message) && findings.length === 0) {
    findings.push({
      id: 'discover-ok',
      severity: 'info',
      title: `The server speaks ${PROTOCOL_VERSION}`,
      detail: 'server/discover succeeded from outside the browser and the CORS preflight allows this page.',
      fix: 'Nothing to fix.',
    });
  }
  return findings.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}
