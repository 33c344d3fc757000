/**
 * Chaos cases that break the HTTP/JSON-RPC transport: a truncated body, the wrong content type, an HTML error
 * page, and an SSE stream cut before the response. Documented in `../chaos.md`.
 */
import { textResult, type ChaosTool } from './shared.ts';
import { isJsonObject } from '../../../protocol/types.ts';

export const malformedJson: ChaosTool = {
  name: 'malformed_json',
  title: 'Truncated JSON body',
  description:
    'WRONG: HTTP 200, Content-Type application/json, but the body is a JSON-RPC response cut off in the middle. ' +
    'A correct client reports a parse error (not a hang, not a blank result) and shows the raw body text.',
  run({ res, id }) {
    const full = JSON.stringify({
      jsonrpc: '2.0',
      id,
      result: textResult('This sentence is never delivered in full because the body is cut off halfway through.'),
    });
    const cut = full.slice(0, Math.floor(full.length / 2));
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(cut)) });
    res.end(cut);
  },
};

export const wrongContentType: ChaosTool = {
  name: 'wrong_content_type',
  title: 'text/plain instead of JSON',
  description:
    'WRONG: HTTP 200 with Content-Type text/plain (a response must be application/json or text/event-stream). The body ' +
    'happens to be the JSON-RPC response text. A correct client reports the unexpected content type and shows the raw ' +
    'body rather than silently accepting it.',
  run({ res, id }) {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id,
      result: textResult('Delivered as text/plain. A strict client should not have accepted this as a result.'),
    });
    res.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
    });
    res.end(body);
  },
};

export const html500: ChaosTool = {
  name: 'html_500',
  title: 'HTTP 500 with an HTML page',
  description:
    'WRONG: HTTP 500 whose body is an HTML error page (what a crashed proxy or framework often sends), not JSON-RPC. ' +
    'A correct client shows the HTTP status and the start of the HTML body (escaped, never rendered as HTML).',
  run({ res }) {
    const html =
      '<!DOCTYPE html>\n<html><head><title>500 Internal Server Error</title></head>\n' +
      '<body><h1>Internal Server Error</h1><p>The mrtr-chaos server crashed on purpose (html_500).</p>' +
      '<script>alert("an inspector must never render this page")</script></body></html>\n';
    res.writeHead(500, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(html)),
    });
    res.end(html);
  },
};

export const sseCut: ChaosTool = {
  name: 'sse_cut',
  title: 'SSE stream cut before the result',
  description:
    'WRONG: answers with text/event-stream, sends a keep-alive and one notifications/progress event, then closes the ' +
    'stream without ever sending the JSON-RPC response. A correct client shows the progress it received and then ' +
    '"stream ended without a response", not a spinner forever.',
  run({ res, params }) {
    const meta = isJsonObject(params._meta) ? params._meta : {};
    const token =
      typeof meta.progressToken === 'string' || typeof meta.progressToken === 'number'
        ? meta.progressToken
        : 'chaos-sse-cut';
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    res.write(': keep-alive\n\n');
    const progress = {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: token, progress: 1, total: 3, message: 'step 1 of 3 (the stream will now be cut)' },
    };
    res.write(`event: message\ndata: ${JSON.stringify(progress)}\n\n`);
    const timer = setTimeout(() => res.end(), 50);
    res.on('close', () => clearTimeout(timer));
  },
};
