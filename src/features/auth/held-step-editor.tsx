import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { parseHeaderLines } from '../../protocol/header-lines.ts';
import type { AuthStep } from '../../session/auth/auth-model.ts';
import type { AuthHttpRequest } from '../../protocol/auth/http.ts';

function headersText(list: [string, string][]): string {
  return list.map(([k, v]) => `${k}: ${v}`).join('\n');
}

function parseHeaders(text: string): [string, string][] | string {
  const read = parseHeaderLines(text);
  return read.ok ? read.headers.map(([k, v]) => [k.toLowerCase(), v]) : read.error;
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
      <StepText label="URL" rows={browser ? 4 : 2} value={url} onChange={setUrl} />
      {!browser && <StepText label="Headers" rows={3} value={headers} onChange={setHeaders} />}
      {typeof parsed === 'string' && (
        <p role="alert" className="text-red-800">
          {parsed}
        </p>
      )}
      {!browser && request.body !== undefined && <StepText label="Body" rows={4} value={body} onChange={setBody} />}
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

/** One editable part of the held request, named "Step <part>" (e.g. "Step URL", "Step headers"). */
function StepText(props: {
  label: 'URL' | 'Headers' | 'Body';
  rows: number;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className="block">
      {props.label}
      <textarea
        aria-label={`Step ${props.label === 'URL' ? 'URL' : props.label.toLowerCase()}`}
        className="mt-0.5 w-full rounded border p-1 font-mono"
        rows={props.rows}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}
