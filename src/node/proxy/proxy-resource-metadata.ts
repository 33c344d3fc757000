/**
 * OAuth through the proxy: a client given the proxy's URL checks that the server's Protected Resource Metadata
 * (RFC 9728) names that URL as its `resource`, and stops when it names the real server's. So the proxy serves the
 * metadata itself, at its own well-known paths (`/.well-known/oauth-protected-resource` and any path under it, read
 * from the same path at the target's origin, never another), with the `resource` on the target's origin moved to the
 * proxy's; and the `resource_metadata` a 401 or 403 challenge names on the target's origin is moved to the proxy's the
 * same way. The authorization server is named unchanged: the client signs in there directly. Node-only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HeaderList } from '../../protocol/exchange.ts';
import { refuse } from './proxy-answers.ts';

const RESOURCE_METADATA_PREFIX = '/.well-known/oauth-protected-resource';
/** larger than any real metadata document, small enough never to matter */
const MAX_METADATA_BYTES = 256 * 1024;

/** Is `path` one of the well-known paths the proxy answers for its target (the root one, or one under it)? */
export function isResourceMetadataPath(path: string): boolean {
  return path === RESOURCE_METADATA_PREFIX || path.startsWith(`${RESOURCE_METADATA_PREFIX}/`);
}

/** `url` moved from the target's origin to the proxy's (same path and query); as it was when on another origin. */
function toProxy(url: string, target: URL, proxyOrigin: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.origin !== target.origin) return url;
    return `${proxyOrigin}${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** The answer's headers with each challenge's `resource_metadata` on the target's origin moved to the proxy's. */
export function challengesToProxy(headers: HeaderList, target: URL, proxyOrigin: string): HeaderList {
  return headers.map(([name, value]) =>
    name.toLowerCase() === 'www-authenticate'
      ? [
          name,
          value.replace(
            /(resource_metadata\s*=\s*")([^"]*)(")/gi,
            (_all, open: string, url: string, close: string) => `${open}${toProxy(url, target, proxyOrigin)}${close}`,
          ),
        ]
      : [name, value],
  );
}

/**
 * Answer a GET of one of the proxy's well-known metadata paths: the target's document at the same path, its `resource`
 * moved to the proxy when it is on the target's origin (a resource elsewhere stays, and the client stops as it would
 * without the proxy). A 404 from the target is the proxy's 404 (the client tries its next well-known path); any other
 * failure a 502, saying what the target answered.
 */
export async function serveResourceMetadata(
  req: IncomingMessage,
  res: ServerResponse,
  at: { target: URL; proxyOrigin: string; fetchImpl: typeof fetch; timeoutMs: number },
): Promise<void> {
  req.resume();
  const path = (req.url ?? '').split('?')[0]!;
  const from = `${at.target.origin}${path}`;
  let answer: Response;
  try {
    answer = await at.fetchImpl(from, {
      headers: { accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(at.timeoutMs),
    });
  } catch (error) {
    refuse(
      res,
      502,
      'upstream_unreachable',
      `MRTR Inspector proxy: could not read ${from}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return;
  }
  const text = await answer.text();
  let doc: unknown;
  try {
    doc = answer.ok && text.length <= MAX_METADATA_BYTES ? JSON.parse(text) : undefined;
  } catch {
    doc = undefined;
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    refuse(
      res,
      answer.status === 404 ? 404 : 502,
      answer.ok ? 'bad_resource_metadata' : answer.status === 404 ? 'not_found' : 'upstream_refused',
      answer.ok
        ? `MRTR Inspector proxy: ${from} is not a JSON object of resource metadata.`
        : `MRTR Inspector proxy: ${from} answered HTTP ${answer.status}.`,
    );
    return;
  }
  const metadata = { ...(doc as Record<string, unknown>) };
  if (typeof metadata.resource === 'string') metadata.resource = toProxy(metadata.resource, at.target, at.proxyOrigin);
  const body = JSON.stringify(metadata);
  res.writeHead(200, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
