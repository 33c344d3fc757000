import { RpcFailure } from '../../queries/rpc.ts';

/** Explains a failed connection in plain words, with what to do next. */
export function ConnectionProblem({ error, url }: { error: Error; url: string }) {
  const hints: string[] = [];
  if (error instanceof RpcFailure) {
    const { outcome, exchange } = error;
    const status = exchange.response?.status;
    if (outcome.kind === 'error' && outcome.error.code === -32022) {
      const data = outcome.error.data as { supported?: unknown } | undefined;
      const supported = Array.isArray(data?.supported) ? data.supported.join(', ') : 'not listed';
      hints.push(`The server does not support the requested protocol version. It supports: ${supported}.`);
      if (Array.isArray(data?.supported) && !data.supported.includes('2026-07-28')) {
        hints.push(
          `This server speaks ${String(data.supported[data.supported.length - 1])}; multi-round-trip results need 2026-07-28.`,
        );
      }
    } else if (status === 401) {
      const challenge = exchange.response?.headers.find(([k]) => k.toLowerCase() === 'www-authenticate')?.[1];
      hints.push(
        `The server wants credentials${challenge ? ` (WWW-Authenticate: ${challenge})` : ''}. Enter a bearer token in Connection settings.`,
      );
    } else if (status === 403) {
      hints.push('The server refused this origin or these credentials (HTTP 403).');
    } else if (outcome.kind === 'transport') {
      hints.push(
        'The browser could not reach the server. Either it is not running at this URL, or it does not allow cross-origin requests (CORS): try the relay in Connection settings.',
      );
    } else if (status !== undefined && status >= 400 && status < 500 && outcome.kind !== 'error') {
      hints.push(
        'The server rejected a 2026-07-28 request with an error it did not explain. It may be a 2025-era server: this server speaks 2025-11-25; multi-round-trip results need 2026-07-28.',
      );
    }
  }
  return (
    <div role="alert" className="mt-2 rounded border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">Could not connect to {url}</p>
      <p className="mt-1 font-mono text-xs">{error.message}</p>
      {hints.length > 0 && (
        <ul className="mt-2 list-disc pl-5">
          {hints.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
