/**
 * URL-mode elicitation support for `sign_in`: an in-memory registry of consent flows and the consent pages.
 *
 * - `GET  /consent/<flowId>`          page naming the flow, with an "Approve" button (a plain form POST)
 * - `POST /consent/<flowId>/approve`  marks exactly that flow approved ("Approved. You can close this tab.")
 *   (`POST /consent/<flowId>` is accepted as the same action.)
 * Unknown flow ids get 404. Pages are served with a strict CSP (no scripts, one hashed inline style, forms may
 * only post to this origin, no framing) and every interpolated value is HTML-escaped.
 *
 * The registry of flows is `consent-flows.ts`. `consentPage` builds the answer with no node dependency (the page's
 * demo server serves it under its own folder); `handleConsent` writes it on node:http.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sharedConsentFlows, type ConsentFlows } from './consent-flows.ts';
import { utf8 } from './portable/portable-bytes.ts';

// ---------------------------------------------------------------------------------------------
// pages
// ---------------------------------------------------------------------------------------------

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const FLOW_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}' +
  'code{background:#f1f1f1;padding:.1rem .3rem;border-radius:3px;word-break:break-all}' +
  'button{font:inherit;padding:.5rem 1.25rem;border:0;border-radius:6px;background:#1f6feb;color:#fff;cursor:pointer}' +
  '.muted{color:#5b5b5b;font-size:.9rem}';
/** base64 sha256 of STYLE, for the CSP (written out: WebCrypto has no synchronous digest; consent.test.ts checks it). */
const STYLE_HASH = 'ijvEBz/GqTN/MafrBkYKcjtlvaoynIrRIC/vkEZAff0=';

/** The Content-Security-Policy of every consent page. */
export const CONSENT_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** A consent answer, ready for any HTTP layer. */
export interface ConsentAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function page(status: number, title: string, bodyHtml: string): ConsentAnswer {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body>${bodyHtml}</body></html>`;
  return {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': String(utf8(html).byteLength),
      'Content-Security-Policy': CONSENT_CSP,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      // same-origin, not no-referrer: with no-referrer the browser sends `Origin: null` on the Approve POST, which the
      // loopback Origin check refuses (403). Cross-origin navigations still get no referrer.
      'Referrer-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    },
    body: html,
  };
}

function notFound(flowId: string): ConsentAnswer {
  return page(
    404,
    'Unknown sign-in flow',
    `<h1>Unknown sign-in flow</h1><p>No pending flow <code>${escapeHtml(flowId)}</code> exists on this mock server ` +
      `(it may have expired, or the server restarted).</p>`,
  );
}

/**
 * The answer to `method` on `path` (`/consent/...`, no query), the pages' own links under `prefix` (`/` on the Node
 * mock; the demo server's folder in the page).
 */
export function consentPage(method: string, path: string, flows: ConsentFlows, prefix = '/'): ConsentAnswer {
  const match = /^\/consent\/([^/]+)(\/approve)?\/?$/.exec(path);
  const rawId = match?.[1] ?? '';
  let flowId: string;
  try {
    flowId = decodeURIComponent(rawId);
  } catch {
    flowId = rawId;
  }
  if (!match || !FLOW_ID_PATTERN.test(flowId)) return notFound(flowId);
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    return {
      status: 405,
      headers: { Allow: 'GET, POST', 'Content-Type': 'text/plain; charset=utf-8' },
      body: 'Method not allowed',
    };
  }
  const here = `${prefix}consent/${encodeURIComponent(flowId)}`;
  const wantsApprove = method === 'POST';
  // GET /consent/<id>/approve: show the page instead of approving on a GET.
  if (!wantsApprove && match[2]) return { status: 303, headers: { Location: here }, body: '' };
  const flow = flows.get(flowId);
  if (!flow) return notFound(flowId);
  if (wantsApprove) {
    flows.approve(flowId);
    return page(
      200,
      'Approved',
      `<h1>Approved. You can close this tab.</h1>` +
        `<p>Flow <code>${escapeHtml(flowId)}</code> is approved. Go back to the client and retry the ` +
        `<code>sign_in</code> call.</p>`,
    );
  }
  const state = flow.approvedAt !== undefined ? 'already approved' : 'waiting for your approval';
  return page(
    200,
    'Sign in to mrtr-mock',
    `<h1>Sign in to mrtr-mock</h1>` +
      `<p>A client asked to sign in through a URL-mode elicitation.</p>` +
      `<p>Flow id: <code>${escapeHtml(flowId)}</code><br><span class="muted">Status: ${escapeHtml(state)}</span></p>` +
      `<form method="post" action="${here}/approve">` +
      `<button type="submit">Approve</button></form>` +
      `<p class="muted">Approving marks only this flow as signed in. Nothing leaves this machine.</p>`,
  );
}

/** Handles `/consent/...` on node:http. `path` is the URL path (no query). Returns after writing the response. */
export function handleConsent(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  flows: ConsentFlows = sharedConsentFlows,
): void {
  const answer = consentPage(req.method ?? 'GET', path, flows);
  req.resume(); // the form body carries nothing we need
  res.writeHead(answer.status, answer.headers);
  res.end(req.method === 'HEAD' ? undefined : answer.body);
}
