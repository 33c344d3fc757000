import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { isDemoServerUrl } from '../../lib/demo-worker.ts';
import { curlPipesBody, toCurl, toFetch } from '../../protocol/curl.ts';
import type { RecordedRequest } from '../../protocol/exchange.ts';
import { isSecretHeader, redactHeaders } from '../../session/io/redact.ts';

type Copied = { which: string; ok: boolean; message: string } | null;

/** A generated command, read-only and selectable (the fallback when the clipboard is refused). */
function CommandBox({ label, text }: { label: string; text: string }) {
  return (
    <textarea
      readOnly
      aria-label={label}
      value={text}
      rows={Math.min(12, text.split('\n').length)}
      className="w-full rounded border border-slate-300 p-2 font-mono text-xs"
    />
  );
}

/**
 * Copy the leg's request as a curl command or a fetch call, each also shown in a read-only box. The boxes mask secret
 * headers as every other view does (a screen is seen by others); the Copy buttons copy the command whole, since a
 * user copies it to send the request again, as browsers' own "Copy as cURL" does, and the panel names each secret
 * the copied command holds.
 */
export function CopyPanel({ request }: { request: RecordedRequest }) {
  const curl = toCurl(request);
  const piped = curlPipesBody(request);
  const fetchCall = toFetch(request);
  const masked = { ...request, headers: redactHeaders(request.headers) };
  const secrets = [...new Set(request.headers.filter(([k]) => isSecretHeader(k)).map(([k]) => k))];
  const [copied, setCopied] = useState<Copied>(null);
  const inPage = isDemoServerUrl(request.url, window.location.href);

  const copy = async (which: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied({ which, ok: true, message: `${which} copied to the clipboard.` });
    } catch (err) {
      setCopied({
        which,
        ok: false,
        message: `The browser refused clipboard access (${err instanceof Error ? err.message : String(err)}): select the text below and copy it by hand${secrets.length ? ', then put back the masked values' : ''}.`,
      });
    }
  };

  return (
    <div className="space-y-3">
      {secrets.length > 0 && (
        <p className="rounded bg-amber-50 p-2 text-xs text-amber-900">
          Copied, these commands include {secrets.join(', ')} in full: treat them as secrets. They are masked below.
        </p>
      )}
      {inPage && (
        <p className="rounded bg-sky-50 p-2 text-xs text-sky-900">
          This server lives in this page (a service worker of this tab answers {request.url}): a shell reaches only the
          static host there. To run these from a shell, start the Node mock (npm start) and use its URL.
        </p>
      )}
      <div className="space-y-1">
        <div className="flex items-center gap-2">
          <Button onClick={() => void copy('cURL', curl)}>Copy as cURL</Button>
          <span className="text-xs text-slate-500">
            POSIX shell; every header as sent, the body byte for byte
            {piped
              ? ' (the body is over 64 KiB: it is piped in with printf, since one argument that long cannot start a program).'
              : '.'}
          </span>
        </div>
        <CommandBox label="cURL command" text={toCurl(masked)} />
      </div>
      <div className="space-y-1">
        <Button onClick={() => void copy('fetch', fetchCall)}>Copy as fetch</Button>
        <CommandBox label="fetch call" text={toFetch(masked)} />
      </div>
      {copied && (
        <p
          role={copied.ok ? undefined : 'alert'}
          aria-live="polite"
          className={`text-xs ${copied.ok ? 'text-emerald-800' : 'text-red-800'}`}
        >
          {copied.message}
        </p>
      )}
    </div>
  );
}
