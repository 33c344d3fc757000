import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { elicitAccept, elicitCancel, elicitDecline } from '../../protocol/elicitation/answers.ts';
import { assessElicitationUrl } from '../../protocol/elicitation/url-safety.ts';
import type { InputResponse, JsonObject } from '../../protocol/types.ts';

export interface UrlElicitationProps {
  params: JsonObject | undefined;
  serverName?: string;
  /** Whether the user already opened the URL (kept by the card so it survives "Change answer"). */
  opened: boolean;
  onOpened: () => void;
  /**
   * Absent: the request was already answered and the server keeps answering "still waiting", so the card only shows
   * the page again (same checks, same consent) without the Accept / Decline / Cancel answers.
   */
  onAnswer?: (response: InputResponse) => void;
}

/**
 * URL-mode consent card (mrtr-wire.md section 5): who asks, why, the full URL with its registrable domain highlighted
 * and every warning. Nothing is fetched or embedded; the URL opens only on click, in a separate top-level tab.
 * Accepting a page that was never opened asks for confirmation first: the server would most likely keep waiting.
 */
export function UrlElicitation({ params, serverName, opened, onOpened, onAnswer }: UrlElicitationProps) {
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  // keyboard users land on the confirmation's first button
  useEffect(() => {
    if (confirming) confirmRef.current?.querySelector('button')?.focus();
  }, [confirming]);
  const rawUrl = typeof params?.url === 'string' ? params.url : '';
  const message = typeof params?.message === 'string' ? params.message : undefined;
  const assessment = useMemo(() => assessElicitationUrl(rawUrl), [rawUrl]);
  const { before, domain, after } = assessment.registrableDomainHighlight;
  const { href } = assessment;

  const open = () => {
    if (!assessment.ok || href === undefined) return;
    window.open(href, '_blank', 'noopener,noreferrer');
    setConfirming(false);
    onOpened();
  };
  const accept = () => {
    if (assessment.ok && !opened) setConfirming(true);
    else onAnswer?.(elicitAccept());
  };
  const waiting = onAnswer === undefined;

  return (
    <div className="flex flex-col gap-3 text-sm">
      <p className="text-slate-700">
        <span className="font-medium text-slate-900">{serverName ?? 'The server'}</span>{' '}
        {waiting
          ? 'is still waiting for this page outside this inspector: finish it there, then send the retry.'
          : 'asks you to open a page outside this inspector.'}
      </p>
      {message !== undefined && <p className="whitespace-pre-wrap text-slate-900">{message}</p>}
      <div className="flex flex-col gap-1">
        <span className="text-xs font-medium uppercase tracking-wide text-slate-500">Full URL</span>
        <code aria-label="Full URL" className="break-all rounded bg-slate-100 p-2 font-mono text-xs text-slate-700">
          {before}
          {domain && <mark className="rounded bg-yellow-200 px-0.5 font-semibold text-slate-950">{domain}</mark>}
          {after}
        </code>
        {assessment.ok && (
          <p className="text-xs text-slate-600">
            Opens a page on <strong>{domain || assessment.host}</strong>
            {assessment.unicodeHost && <> (displayed as “{assessment.unicodeHost}”)</>}.
          </p>
        )}
      </div>
      {assessment.warnings.length > 0 && (
        <ul aria-label="URL warnings" className="flex flex-col gap-1">
          {assessment.warnings.map((w) => (
            <li
              key={w.code}
              className={`rounded border p-1.5 text-xs ${assessment.ok ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-red-300 bg-red-50 text-red-900'}`}
            >
              <span className="font-mono">{w.code}</span>: {w.message}
            </li>
          ))}
        </ul>
      )}
      {!assessment.ok && (
        <p role="alert" className="font-medium text-red-800">
          Refused: this URL will not be opened. You can still decline or cancel.
        </p>
      )}
      {assessment.ok && (
        <p className="text-xs text-slate-600" aria-live="polite">
          {opened ? 'Opened in a new tab.' : waiting ? 'Not opened from this screen.' : 'Not opened yet.'}{' '}
          {waiting
            ? 'You already accepted; the server decides from its own state whether the step finished.'
            : 'Accept tells the server you took part; it decides from its own state whether the step finished.'}
        </p>
      )}
      {confirming && onAnswer && (
        <div
          ref={confirmRef}
          role="alert"
          className="space-y-2 rounded border border-amber-300 bg-amber-50 p-2 text-amber-950"
        >
          <p>
            <strong>You have not opened this page. Accept anyway?</strong> Without the page&apos;s step the server will
            most likely answer &quot;still waiting&quot;; you can still open the page from the waiting screen.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="primary"
              onClick={() => {
                setConfirming(false);
                onAnswer(elicitAccept());
              }}
            >
              Confirm without opening
            </Button>
            <Button onClick={() => setConfirming(false)}>Go back</Button>
          </div>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {assessment.ok && <Button onClick={open}>Open in new tab</Button>}
        {onAnswer && (
          <>
            <Button variant="primary" onClick={accept}>
              Accept
            </Button>
            <Button onClick={() => onAnswer(elicitDecline())}>Decline</Button>
            <Button onClick={() => onAnswer(elicitCancel())}>Cancel</Button>
          </>
        )}
      </div>
    </div>
  );
}
