import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import type { AuthHttpRequest, AuthStep } from '../../session/auth/model.ts';

function headersText(list: [string, string][]): string {
  return list.map(([k, v]) => `${k}: ${v}`).join('\n');
}

function parseHeaders(text: string): [string, string][] | string {
  const out: [string, string][] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const i = line.indexOf(':');
    if (i <= 0) return `"${line}" is not "name: value".`;
    out.push([line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim()]);
  }
  return out;
}

/** The held step of a stepped-through sign-in: read it, edit it, then "Send step" (or "Cancel sign-in"). */
export function HeldStepEditor({
  step,
  onSend,
  onCancel,
}: {
  step: AuthStep;
  onSend: (request: AuthHttpRequest) => void;
  onCancel: () => void;
}) {
  const request = step.request ?? { method: 'GET', url: '', headers: [] };
  const [url, setUrl] = useState(request.url);
  const [headers, setHeaders] = useState(headersText(request.headers));
  const [body, setBody] = useState(request.body ?? '');
  const parsed = parseHeaders(headers);
  const browser = step.via === 'browser';
  return (
    <section aria-label="Held step" className="space-y-2 rounded border border-amber-300 bg-amber-50 p-2 text-xs">
      <p className="font-semibold">
        Held: {step.title}.{' '}
        {browser ? 'Sending it opens the sign-in window at this URL.' : 'Read or edit the request, then send it.'}
      </p>
      <label className="block">
        URL
        <textarea
          aria-label="Step URL"
          className="mt-0.5 w-full rounded border p-1 font-mono"
          rows={browser ? 4 : 2}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </label>
      {!browser && (
        <label className="block">
          Headers
          <textarea
            aria-label="Step headers"
            className="mt-0.5 w-full rounded border p-1 font-mono"
            rows={3}
            value={headers}
            onChange={(e) => setHeaders(e.target.value)}
          />
        </label>
      )}
      {typeof parsed === 'string' && (
        <p role="alert" className="text-red-800">
          {parsed}
        </p>
      )}
      {!browser && request.body !== undefined && (
        <label className="block">
          Body
          <textarea
            aria-label="Step body"
            className="mt-0.5 w-full rounded border p-1 font-mono"
            rows={4}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        </label>
      )}
      <div className="flex gap-2">
        <Button
          variant="primary"
          disabled={typeof parsed === 'string'}
          onClick={() => {
            if (typeof parsed === 'string') return;
            onSend({ method: request.method, url, headers: parsed, ...(request.body !== undefined ? { body } : {}) });
          }}
        >
          Send step
        </Button>
        <Button onClick={onCancel}>Cancel sign-in</Button>
      </div>
    </section>
  );
}
