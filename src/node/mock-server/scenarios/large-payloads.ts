/**
 * Large payloads, for testing how a client records, shows and exports big answers:
 * - `large_result`: one `tools/call` answered with a ~5 MB text result (a generated server log) as application/json;
 * - `large_stream`: an SSE answer of ~32 MB in total. With a log level set (`_meta["io.modelcontextprotocol/logLevel"]`)
 *   the log arrives as many `notifications/message` events of `eventBytes` each (plus a `notifications/progress` per
 *   event when the request carries a progressToken), then a short result; without one, the whole log is the result's
 *   text (one large event).
 * The log is deterministic (the same bytes for the same size), so tests can compare what arrived with what was sent.
 * Both take `bytes`, so tests can use smaller payloads than the defaults.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { textResult, type ScenarioContext } from './context.ts';

export const LARGE_RESULT_BYTES = 5_000_000;
export const LARGE_STREAM_BYTES = 32_000_000;
const STREAM_EVENT_BYTES = 64 * 1024;
/** The largest payload either tool generates (keeps a typo from eating the mock's memory). */
const MAX_PAYLOAD_BYTES = 128 * 1024 * 1024;

const LEVELS = ['INFO ', 'INFO ', 'INFO ', 'DEBUG', 'WARN ', 'INFO ', 'ERROR', 'INFO '] as const;
const PATHS = ['/api/orders', '/api/users', '/api/items', '/health', '/api/invoices'] as const;
const T0 = Date.UTC(2026, 6, 28, 12, 0, 0);

/** Line `n` (0-based) of the generated log: ASCII only, so its length in characters is its length in bytes. */
export function logLine(n: number): string {
  const at = new Date(T0 + n * 37).toISOString();
  const level = LEVELS[n % LEVELS.length] ?? 'INFO ';
  const path = PATHS[n % PATHS.length] ?? '/';
  const status = n % 53 === 0 ? 500 : n % 11 === 0 ? 404 : 200;
  const ms = (n * 7919) % 997;
  return `${at} ${level} svc-${String(n % 16).padStart(2, '0')} req=${String(n).padStart(8, '0')} GET ${path}/${(n * 31) % 10000} ${status} ${ms}ms\n`;
}

/**
 * The first `bytes` bytes of the generated log as chunks of `chunkBytes` each (the last one shorter): slices of one
 * endless run of lines, so the chunks join into the same text whatever the chunk size (a line may span two chunks).
 */
export function* logChunks(bytes: number, chunkBytes: number): Generator<string> {
  let n = 0;
  let carry = '';
  let left = bytes;
  while (left > 0) {
    const want = Math.min(chunkBytes, left);
    const parts = [carry];
    let size = carry.length;
    while (size < want) {
      const line = logLine(n++);
      parts.push(line);
      size += line.length;
    }
    const joined = parts.join('');
    carry = joined.slice(want);
    left -= want;
    yield joined.slice(0, want);
  }
}

/** The first `bytes` bytes of the generated log as one string. */
export function logText(bytes: number): string {
  return Array.from(logChunks(bytes, 1024 * 1024)).join('');
}

const bytesArg = (byDefault: number) =>
  z.int().min(1).max(MAX_PAYLOAD_BYTES).default(byDefault).meta({ title: 'Size in bytes' });

export function register(server: McpServer, _ctx: ScenarioContext): void {
  server.registerTool(
    'large_result',
    {
      title: 'Large result (5 MB)',
      description:
        'Answers with one text block holding a generated server log of `bytes` bytes (default 5,000,000): ' +
        'the same text for the same size.',
      inputSchema: z.object({ bytes: bytesArg(LARGE_RESULT_BYTES) }),
    },
    ({ bytes }) => textResult(logText(bytes)),
  );

  server.registerTool(
    'large_stream',
    {
      title: 'Large SSE stream (32 MB)',
      description:
        'Streams a generated server log of `bytes` bytes (default 32,000,000) over SSE. With a log level set, as ' +
        '`notifications/message` events of `eventBytes` each (and a progress event each with a progressToken), ' +
        'then a short result; without one, the whole log is the result text.',
      inputSchema: z.object({
        bytes: bytesArg(LARGE_STREAM_BYTES),
        eventBytes: z
          .int()
          .min(1024)
          .max(4 * 1024 * 1024)
          .default(STREAM_EVENT_BYTES)
          .meta({ title: 'Bytes per log event' }),
      }),
    },
    async ({ bytes, eventBytes }, sctx) => {
      const envelope = (sctx.mcpReq.envelope ?? {}) as Record<string, unknown>;
      if (envelope['io.modelcontextprotocol/logLevel'] === undefined) return textResult(logText(bytes));
      const token = sctx.mcpReq._meta?.progressToken;
      const total = Math.ceil(bytes / eventBytes);
      let sent = 0;
      let events = 0;
      for (const chunk of logChunks(bytes, eventBytes)) {
        if (sctx.mcpReq.signal.aborted) return textResult('Stream aborted by the client.');
        await sctx.mcpReq.log('info', chunk, 'large_stream');
        sent += chunk.length;
        events++;
        if (token !== undefined) {
          await sctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken: token, progress: events, total, message: `${sent} of ${bytes} bytes` },
          });
        }
      }
      return textResult(`Streamed ${sent.toLocaleString('en-US')} bytes of log in ${events} log events.`);
    },
  );
}
