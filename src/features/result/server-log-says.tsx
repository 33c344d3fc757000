import { timeOfDay } from '../../lib/text.ts';

/**
 * The server's own word on a refused requestState: the line its log wrote as it answered the frozen -32602. The
 * server's text, shown as text.
 */
export function ServerLogSays({ line }: { line: { at: number; line: string } }) {
  return (
    <p aria-label="the server's log says" className="rounded border border-slate-200 bg-slate-50 p-2 text-xs">
      The server&apos;s log says: <code className="break-all">{line.line}</code>{' '}
      <time className="text-slate-500">({timeOfDay(line.at)})</time>
    </p>
  );
}
