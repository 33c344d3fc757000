/**
 * Chaos cases that are valid but heavy: `slow_response` (answers after 30 s, abandons the wait on disconnect) and
 * `huge_result` (~5 MB of text). Documented in `../chaos.md`.
 */
import { sendResult, textResult, type ChaosTool } from './shared.ts';

/** Delay of the `slow_response` tool. */
const SLOW_RESPONSE_MS = 30_000;
/** Approximate size of the `huge_result` text (characters, all ASCII). */
const HUGE_RESULT_CHARS = 5 * 1024 * 1024;

let hugeTextCache: string | undefined;

/** ~5 MB of deterministic ASCII text: fixed-width numbered lines, a header and an END marker. */
export function hugeResultText(): string {
  if (hugeTextCache !== undefined) return hugeTextCache;
  const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];
  const lineWidth = 100; // 99 characters + newline
  const lines: string[] = [];
  const headerLine = `BEGIN huge_result: ${HUGE_RESULT_CHARS} characters of deterministic text, ${lineWidth} per line`;
  lines.push(headerLine.padEnd(lineWidth - 1, '.'));
  const count = Math.floor(HUGE_RESULT_CHARS / lineWidth) - 2;
  for (let i = 1; i <= count; i++) {
    let body = `line ${String(i).padStart(6, '0')}:`;
    let w = i;
    while (body.length < lineWidth - 1) {
      body += ' ' + (words[w % words.length] ?? 'x');
      w = (w * 7 + 3) % 1009;
    }
    lines.push(body.slice(0, lineWidth - 1));
  }
  lines.push(`END huge_result (${count} numbered lines). If you can read this, nothing was truncated.`);
  hugeTextCache = lines.join('\n');
  return hugeTextCache;
}

// slow_response bookkeeping (so tests can prove the wait is abandoned on disconnect)
const pendingSlow = new Set<NodeJS.Timeout>();
const slowWatchers = new Set<() => void>();
const slowChanged = () => slowWatchers.forEach((w) => w());

/** Number of `slow_response` calls currently waiting (drops when they answer or the client goes away). */
export function chaosPendingSlowResponses(): number {
  return pendingSlow.size;
}

/** Resolves once `ok(chaosPendingSlowResponses())` holds: checked now and whenever the number changes. */
export function whenPendingSlowResponses(ok: (pending: number) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!ok(pendingSlow.size)) return;
      slowWatchers.delete(check);
      resolve();
    };
    slowWatchers.add(check);
    check();
  });
}

export const slowResponse: ChaosTool = {
  name: 'slow_response',
  title: 'Answers after 30 seconds',
  description:
    `SLOW: waits ${SLOW_RESPONSE_MS / 1000} s before answering (it stops waiting if the client disconnects). A correct client ` +
    'shows elapsed time and a cancel control; cancelling = aborting the HTTP request, after which the server gives up.',
  run({ res, id }) {
    const started = Date.now();
    const timer = setTimeout(() => {
      pendingSlow.delete(timer);
      slowChanged();
      sendResult(res, id, textResult(`slow_response: answered after ${Date.now() - started} ms.`));
    }, SLOW_RESPONSE_MS);
    pendingSlow.add(timer);
    slowChanged();
    res.on('close', () => {
      clearTimeout(timer);
      if (pendingSlow.delete(timer)) slowChanged();
    });
  },
};

export const hugeResult: ChaosTool = {
  name: 'huge_result',
  title: '~5 MB text result',
  description:
    'HEAVY: a valid complete result whose single text block is about 5 MB (deterministic numbered lines, ending in an ' +
    '"END huge_result" line). A correct client stays responsive: it truncates or virtualises the display and offers ' +
    'the full text for download/copy.',
  run({ res, id }) {
    sendResult(res, id, textResult(hugeResultText()));
  },
};
