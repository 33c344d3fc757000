/**
 * The finding builders behind `diagnose` (doctor.ts), one per cause, plus the small header helpers they share. PURE.
 */
import type {
  DiagnoseInput,
  Finding,
  ProbeNetworkError,
  ProbePreflight,
  ProbeReport,
  ProbeResponse,
} from './doctor.ts';
import { errorOf, LEGACY_PROTOCOL_VERSION, PROTOCOL_VERSION } from './types.ts';

/** Headers every MCP POST from the page carries, in the spelling the spec uses. */
const CORS_REQUIRED_HEADERS = ['Content-Type', 'Accept', 'MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name'];

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

function isTlsErrorCode(code: string): boolean {
  return /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|EPROTO/i.test(code);
}

function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/** Which of `wanted` a preflight's `Access-Control-Allow-Headers` does not cover (`*` covers all but Authorization). */
export function missingAllowHeaders(allowHeaders: string | undefined, wanted: string[]): string[] {
  const allowed = splitList(allowHeaders);
  const wildcard = allowed.includes('*');
  return wanted.filter((name) => {
    const lower = name.toLowerCase();
    if (allowed.includes(lower)) return false;
    return !(wildcard && lower !== 'authorization');
  });
}

function requestedHeaders(preflight: ProbePreflight): string[] {
  const requested = splitList(preflight.requestHeaders['access-control-request-headers']);
  const extra = requested.filter((h) => !CORS_REQUIRED_HEADERS.some((r) => r.toLowerCase() === h));
  return [...CORS_REQUIRED_HEADERS, ...extra.map((h) => (h === 'authorization' ? 'Authorization' : h))];
}

export const ok = (status: number | undefined): boolean => status !== undefined && status >= 200 && status < 300;

export function networkFindings(error: ProbeNetworkError, target: string): Finding[] {
  if (isTlsErrorCode(error.code)) {
    return [
      {
        id: 'tls-certificate',
        severity: 'error',
        title: 'The server’s TLS certificate was rejected',
        detail: `Connecting to ${target} failed with ${error.code}: ${error.message}`,
        fix: 'Use a certificate from a trusted CA. For a local CA (e.g. mkcert), start the inspector with NODE_EXTRA_CA_CERTS=<ca.pem> so the relay trusts it too, or use plain http on loopback.',
      },
    ];
  }
  const unreachable = UNREACHABLE_CODES.has(error.code);
  return [
    {
      id: 'unreachable',
      severity: 'error',
      title: unreachable ? 'The server is unreachable' : 'The connection failed',
      detail: `Connecting to ${target} failed with ${error.code}: ${error.message}`,
      fix:
        error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN'
          ? 'Check the host name: it does not resolve.'
          : 'Check that the server is running and listening on that host and port, and that the URL path is the MCP endpoint.',
    },
  ];
}

export function corsFindings(probe: ProbeReport, appOrigin: string): Finding[] {
  const { preflight } = probe;
  const res = preflight.response;
  if (!res) return [];
  const missing = missingAllowHeaders(
    preflight.accessControl['access-control-allow-headers'],
    requestedHeaders(preflight),
  );
  if (!ok(res.status)) {
    return [
      {
        id: 'preflight-refused',
        severity: 'error',
        title: `The server refuses the CORS preflight (HTTP ${res.status})`,
        detail:
          `A browser asks \`OPTIONS ${probe.target}\` before every MCP POST; this server answers ${res.status}` +
          (missing.length ? ` and allows none of: ${missing.join(', ')}.` : '.') +
          ' The browser therefore never sends the request.',
        fix: 'Connect through the local relay (no CORS needed), or make the server answer OPTIONS with 204 and the Access-Control-Allow-* headers.',
        action: 'use-relay',
      },
    ];
  }
  const findings: Finding[] = [];
  if (missing.length) {
    findings.push({
      id: 'cors-missing-allow-headers',
      severity: 'error',
      title: 'The preflight does not allow all MCP headers',
      detail: `Access-Control-Allow-Headers is "${preflight.accessControl['access-control-allow-headers'] ?? ''}"; missing: ${missing.join(', ')}.`,
      fix: 'Connect through the local relay, or make the server allow these headers (echoing Access-Control-Request-Headers covers them all).',
      action: 'use-relay',
    });
  }
  const seen = [preflight.accessControl['access-control-allow-origin']];
  if (probe.discover.response) seen.push(probe.discover.response.headers['access-control-allow-origin']);
  const bad = seen.filter((o) => o !== '*' && o !== appOrigin);
  if (bad.length) {
    const wrong = bad.find((o) => o !== undefined);
    findings.push({
      id: 'cors-allow-origin',
      severity: 'error',
      title: 'Access-Control-Allow-Origin does not allow this page',
      detail:
        wrong === undefined
          ? `The server sends no Access-Control-Allow-Origin header; the page's origin is ${appOrigin}.`
          : `The server allows "${wrong}", but the page's origin is ${appOrigin}.`,
      fix: `Connect through the local relay, or make the server send Access-Control-Allow-Origin: ${appOrigin}.`,
      action: 'use-relay',
    });
  }
  return findings;
}

export function authFindings(status: number | undefined, res: ProbeResponse | undefined): Finding[] {
  if (status !== 401) return [];
  const challenge = res?.headers['www-authenticate'];
  const findings: Finding[] = [
    {
      id: 'auth-required',
      severity: 'error',
      title: 'The server requires authorization (HTTP 401)',
      detail: challenge ? `It answered: WWW-Authenticate: ${challenge}` : 'It sent no WWW-Authenticate challenge.',
      fix: challenge?.includes('resource_metadata')
        ? 'The challenge points at OAuth metadata: obtain an access token for this server and enter it as a Bearer token.'
        : 'Enter a Bearer token for this server.',
      action: 'enter-token',
    },
  ];
  const expose = splitList(res?.headers['access-control-expose-headers']);
  if (
    challenge &&
    res?.headers['access-control-allow-origin'] &&
    !expose.includes('www-authenticate') &&
    !expose.includes('*')
  ) {
    findings.push({
      id: 'cors-expose-www-authenticate',
      severity: 'warning',
      title: 'The page cannot read the WWW-Authenticate challenge',
      detail: 'The server does not list WWW-Authenticate in Access-Control-Expose-Headers, so a browser hides it.',
      fix: 'Use the local relay, or add WWW-Authenticate to Access-Control-Expose-Headers on the server.',
      action: 'use-relay',
    });
  }
  return findings;
}

export function forbiddenFindings(
  probe: ProbeReport | undefined,
  directStatus: number | undefined,
  appOrigin: string,
): Finding[] {
  const status = probe?.discover.response?.status ?? directStatus;
  if (status !== 403) return [];
  const withoutOrigin = probe?.discoverWithoutOrigin?.response?.status;
  if (withoutOrigin !== undefined && withoutOrigin !== 403) {
    return [
      {
        id: 'forbidden-origin',
        severity: 'error',
        title: 'The server rejects this page’s Origin (HTTP 403)',
        detail: `With Origin: ${appOrigin} the server answers 403; without an Origin it answers ${withoutOrigin}. It validates Origin (as the spec asks) and this page is not on its list.`,
        fix: `Connect through the local relay (it sends no Origin), or add ${appOrigin} to the server’s allowed origins.`,
        action: 'use-relay',
      },
    ];
  }
  return [
    {
      id: 'forbidden',
      severity: 'error',
      title: 'The server answers 403 Forbidden',
      detail:
        'This is either Origin validation (the page’s origin is not allowed) or an authorization decision (the token lacks a scope).',
      fix: 'Try the local relay (it sends no Origin); if that also gets 403, the token is missing a permission.',
      action: 'use-relay',
    },
  ];
}

/** The path under which `mrtr-inspector --stdio` offers its stdio servers to the page (`/__stdio/<n>/mcp`). */
const STDIO_ENDPOINT = /\/__stdio\/\d+\/mcp$/;

export function versionFindings(messages: unknown[], targetUrl = ''): Finding[] {
  for (const message of messages) {
    const err = errorOf(message);
    if (err?.code !== -32022) continue;
    const data = (err.data ?? {}) as { supported?: unknown; requested?: unknown };
    const supported = Array.isArray(data.supported) ? data.supported.map(String) : [];
    // initialize (pinned to 2025-11-25) refused by a server that speaks 2026-07-28: the era is wrong, not the version
    if (data.requested === LEGACY_PROTOCOL_VERSION && supported.some((v) => v >= PROTOCOL_VERSION)) {
      const stdio = STDIO_ENDPOINT.test(targetUrl.split(/[?#]/)[0] ?? '');
      return [
        {
          id: 'unsupported-version',
          severity: 'error',
          title: `The server refused the ${LEGACY_PROTOCOL_VERSION} handshake`,
          detail: `It answered initialize with -32022: it speaks ${supported.join(', ')} on this connection.`,
          fix:
            `Set Era to Auto or ${PROTOCOL_VERSION} in Connection settings and connect again.` +
            (stdio
              ? ' A stdio server keeps the era of the first request its process read: for a 2025-11-25 session, restart mrtr-inspector and connect with Era 2025-11-25 before anything else.'
              : ''),
        },
      ];
    }
    return [
      {
        id: 'unsupported-version',
        severity: 'error',
        title: 'The server does not support this protocol version',
        detail: `Requested ${typeof data.requested === 'string' ? data.requested : PROTOCOL_VERSION}; the server supports: ${supported.length ? supported.join(', ') : '(not listed)'}.`,
        fix: supported.length
          ? `Pick one of: ${supported.join(', ')}.`
          : 'Ask the server operator which versions it supports.',
        action: 'pick-version',
      },
    ];
  }
  return [];
}

export function legacyFindings(probe: ProbeReport | undefined): Finding[] {
  const legacy = probe?.legacy;
  if (!legacy?.ok) return [];
  const version = legacy.protocolVersion ?? LEGACY_PROTOCOL_VERSION;
  return [
    {
      id: 'legacy-server',
      severity: 'warning',
      title: `This is a 2025-era server (${version})`,
      detail: `It does not understand server/discover but answers initialize: this server speaks ${version}; multi-round-trip results need ${PROTOCOL_VERSION}.`,
      fix: 'You can still list and call tools in legacy mode, but there will be no input_required rounds to inspect. Upgrade the server’s SDK for MRTR.',
      action: 'use-legacy-note',
    },
  ];
}

export function mixedContentFindings(input: DiagnoseInput): Finding[] {
  let url: URL;
  try {
    url = new URL(input.targetUrl);
  } catch {
    return [];
  }
  if (input.pageProtocol !== 'https:' || url.protocol !== 'http:' || isLoopbackHost(url.hostname)) return [];
  return [
    {
      id: 'mixed-content',
      severity: 'error',
      title: 'Blocked as mixed content',
      detail: `This page is served over https, and browsers block its requests to plain-http ${url.host}.`,
      fix: 'Use an https URL for the server, run the inspector locally over http (npm start), or connect through the relay.',
      action: 'use-relay',
    },
  ];
}
