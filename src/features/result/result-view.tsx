import type { Outcome } from '../../protocol/classify.ts';
import { ERROR_MEANINGS } from '../../protocol/classify.ts';
import type { JsonObject, JsonValue } from '../../protocol/types.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { JsonText } from '../../components/ui/json-text.tsx';

function asArray(v: JsonValue | undefined): JsonValue[] {
  return Array.isArray(v) ? v : [];
}

function ContentBlock({ block }: { block: JsonValue }) {
  const b = (typeof block === 'object' && block !== null && !Array.isArray(block) ? block : {}) as JsonObject;
  if (b.type === 'text' && typeof b.text === 'string') {
    return <p className="whitespace-pre-wrap break-words text-sm">{b.text}</p>;
  }
  if (b.type === 'resource' || b.type === 'resource_link') {
    return <JsonText value={block} label="resource content" />;
  }
  const mime = typeof b.mimeType === 'string' ? b.mimeType : 'unknown type';
  const size = typeof b.data === 'string' ? Math.floor((b.data.length * 3) / 4) : undefined;
  return (
    <p className="text-sm text-slate-700">
      {String(b.type ?? 'unknown')} content ({mime}
      {size !== undefined ? `, ${size} bytes` : ''})
    </p>
  );
}

function ResourceContents({ contents }: { contents: JsonValue[] }) {
  return (
    <ul className="space-y-2">
      {contents.map((c, i) => {
        const o = (c ?? {}) as JsonObject;
        const isBlob = typeof o.blob === 'string';
        return (
          <li key={i} className="rounded border border-slate-200 p-2">
            <p className="font-mono text-xs text-slate-600">
              {String(o.uri ?? '')} · {String(o.mimeType ?? 'no mime type')}
              {isBlob ? ` · blob ${Math.floor(((o.blob as string).length * 3) / 4)} bytes` : ''}
            </p>
            {typeof o.text === 'string' && <p className="mt-1 whitespace-pre-wrap text-sm">{o.text}</p>}
          </li>
        );
      })}
    </ul>
  );
}

function PromptMessages({ messages }: { messages: JsonValue[] }) {
  return (
    <ol className="space-y-2">
      {messages.map((m, i) => {
        const o = (m ?? {}) as JsonObject;
        return (
          <li key={i} className="rounded border border-slate-200 p-2">
            <p className="text-xs font-semibold uppercase text-slate-500">{String(o.role ?? '?')}</p>
            <ContentBlock block={o.content ?? null} />
          </li>
        );
      })}
    </ol>
  );
}

/** The final outcome of a conversation: content, prompt messages, resource contents, or the error. */
export function ResultView({ outcome, method }: { outcome: Outcome | undefined; method: string }) {
  if (!outcome) return <p className="text-sm text-slate-500">No result yet.</p>;
  switch (outcome.kind) {
    case 'complete': {
      const r = outcome.result;
      return (
        <div className="space-y-2">
          <div className="flex gap-2">
            {r.isError === true ? (
              <Badge tone="bad">isError: the tool reports a failure</Badge>
            ) : (
              <Badge tone="good">complete</Badge>
            )}
            {outcome.resultTypeMissing && <Badge tone="warn">no resultType: treated as complete</Badge>}
          </div>
          {method === 'tools/call' && asArray(r.content).map((b, i) => <ContentBlock key={i} block={b} />)}
          {method === 'prompts/get' && <PromptMessages messages={asArray(r.messages)} />}
          {method === 'resources/read' && <ResourceContents contents={asArray(r.contents)} />}
          {r.structuredContent !== undefined && <JsonText value={r.structuredContent} label="structured content" />}
        </div>
      );
    }
    case 'error':
      return (
        <div className="space-y-1">
          <p className="text-sm font-semibold text-red-800">
            Error {outcome.error.code}: {outcome.error.message}
          </p>
          {ERROR_MEANINGS[outcome.error.code] && (
            <p className="text-xs text-slate-600">{ERROR_MEANINGS[outcome.error.code]}</p>
          )}
          {outcome.error.data !== undefined && <JsonText value={outcome.error.data} label="error data" />}
        </div>
      );
    case 'invalid':
      return (
        <p className="text-sm text-red-800">
          <strong>Invalid response:</strong> {outcome.reason}
        </p>
      );
    case 'transport':
      return (
        <p className="text-sm text-red-800">
          <strong>No response:</strong> {outcome.reason}
        </p>
      );
    case 'input_required':
      return <p className="text-sm text-slate-600">The server needs input: answer it and send the retry.</p>;
  }
}
