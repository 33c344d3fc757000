/**
 * An independent MCP client for the proxy journeys: the official TypeScript SDK's `Client`
 * (`@modelcontextprotocol/client`) calling one tool on the URL given (the inspector's proxy) and answering every
 * elicitation through its own `elicitation/create` handler. On 2026-07-28 (`modern`) that handler feeds the SDK's MRTR
 * auto-loop (an `input_required` answer is fulfilled and the call retried with `inputResponses` and the requestState,
 * inside `callTool`); on 2025-11-25 (`legacy`) it answers the request the server pushes on the call's stream.
 *
 * With `oauth`, it signs in first as the SDK does for a server that answers 401: it reads the Protected Resource
 * Metadata, registers itself (Dynamic Client Registration) and runs the authorization code flow, the browser's part
 * played here (the mock approves consent at once), then calls again with its token.
 *
 * `TS_CLIENT_HEADERS` (a JSON object) adds headers to every request it sends (a cookie, an API key).
 *
 * Prints one JSON line: {"text": ...} on success, {"error": {"code", "message", "data"?}} on a JSON-RPC error.
 *
 *   node --import tsx e2e/clients/ts-sdk-client.ts <url> <modern|legacy> <tool> [arguments JSON] [oauth]
 */
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';

const TS_CLIENT_INFO = { name: 'ts-watch-client', version: '2.4.0' };

interface Property {
  type?: string;
  default?: unknown;
  minimum?: number;
}

/** An accepted answer: each field's default, and a plain value for a required field without one. */
function acceptedContent(schema: { properties?: Record<string, Property>; required?: string[] }) {
  const content: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (property.default !== undefined) content[key] = property.default;
    else if (!schema.required?.includes(key)) continue;
    else if (property.type === 'boolean') content[key] = true;
    else if (property.type === 'number' || property.type === 'integer') content[key] = property.minimum ?? 1;
    else content[key] = 'watched';
  }
  // a confirmation asks for consent: give it
  if (schema.properties?.confirm?.type === 'boolean') content.confirm = true;
  return content as Record<string, string | number | boolean | string[]>;
}

/** never listened on: the authorization server's redirect to it is read from its `Location` */
const REDIRECT_URL = 'http://127.0.0.1:9/callback';

type MemoryOAuth = OAuthClientProvider & { callback?: URLSearchParams; forgetClient(): void };

/** A client kept in memory that plays the browser: it follows the sign-in redirects and keeps the callback's query. */
function memoryOAuth(): MemoryOAuth {
  type Stored = Awaited<ReturnType<OAuthClientProvider['tokens']>>;
  type Info = Awaited<ReturnType<OAuthClientProvider['clientInformation']>>;
  let info: Info;
  let tokens: Stored;
  let verifier = '';
  let discovery: Awaited<ReturnType<NonNullable<OAuthClientProvider['discoveryState']>>>;
  const provider: MemoryOAuth = {
    forgetClient: () => void (info = undefined),
    redirectUrl: REDIRECT_URL,
    clientMetadata: {
      client_name: 'ts-watch-client',
      redirect_uris: [REDIRECT_URL],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    },
    clientInformation: () => info,
    saveClientInformation: (saved) => void (info = saved),
    tokens: () => tokens,
    saveTokens: (saved) => void (tokens = saved),
    saveCodeVerifier: (saved) => void (verifier = saved),
    codeVerifier: () => verifier,
    saveDiscoveryState: (saved) => void (discovery = saved),
    discoveryState: () => discovery,
    async redirectToAuthorization(authorizationUrl) {
      const cookies = new Map<string, string>();
      let next = authorizationUrl.href;
      for (let hop = 0; hop < 10; hop++) {
        const res = await fetch(next, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const cookie of res.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`sign-in stopped at ${next}: HTTP ${res.status} ${await res.text()}`);
        const to = new URL(location, next);
        if (to.href.startsWith(REDIRECT_URL)) {
          provider.callback = to.searchParams;
          return;
        }
        next = to.href;
      }
      throw new Error('sign-in: too many redirects');
    },
  };
  return provider;
}

async function main(
  url: string,
  era: string,
  tool: string,
  args: Record<string, unknown>,
  oauth: boolean,
): Promise<void> {
  const client = new Client(TS_CLIENT_INFO, {
    capabilities: { elicitation: { form: {} } },
    ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
  });
  client.setRequestHandler('elicitation/create', (request) => {
    const params = request.params as { requestedSchema?: Parameters<typeof acceptedContent>[0] };
    return Promise.resolve({ action: 'accept' as const, content: acceptedContent(params.requestedSchema ?? {}) });
  });
  const authProvider = oauth ? memoryOAuth() : undefined;
  let attempt = 0;
  const requestInit = { headers: JSON.parse(process.env.TS_CLIENT_HEADERS ?? '{}') as Record<string, string> };
  const transportOptions = { requestInit, ...(authProvider ? { authProvider } : {}) };
  let transport = new StreamableHTTPClientTransport(new URL(url), transportOptions);
  /** `step`, signing in (or up, for a scope the call needs) and going again when the server asks */
  async function signedIn<T>(step: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await step();
      } catch (error) {
        const callback = authProvider?.callback;
        if (!(error instanceof UnauthorizedError) || !callback || attempt >= 3) throw error;
        authProvider.callback = undefined;
        // a registration holds the scopes it was made with: a step-up to more (mcp:write for a call) registers again
        if (callback.get('error') === 'invalid_scope') authProvider.forgetClient();
        else await transport.finishAuth(callback);
      }
    }
  }
  try {
    await signedIn(async () => {
      // a transport that failed to start is spent: a fresh one for each attempt
      if (attempt++ > 0) transport = new StreamableHTTPClientTransport(new URL(url), transportOptions);
      await client.connect(transport);
    });
    const result = await signedIn(() => client.callTool({ name: tool, arguments: args }));
    const content = (result.content ?? []) as { type: string; text?: string }[];
    const text = content.map((c) => c.text ?? '').join('');
    process.stdout.write(`${JSON.stringify({ text, isError: Boolean(result.isError) })}\n`);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'number') throw error;
    const data = (error as { data?: unknown }).data;
    const printed = { code, message: (error as Error).message, ...(data !== undefined ? { data } : {}) };
    process.stdout.write(`${JSON.stringify({ error: printed })}\n`);
  } finally {
    await client.close().catch(() => undefined);
  }
}

const [url, era = 'modern', tool = 'approve_payment_signed', args = '{}', auth] = process.argv.slice(2);
if (!url) throw new Error('usage: ts-sdk-client.ts <url> <modern|legacy> <tool> [arguments JSON] [oauth]');
await main(url, era, tool, JSON.parse(args) as Record<string, unknown>, auth === 'oauth');
