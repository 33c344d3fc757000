/**
 * Pieces of a completed result: content blocks (tool results, prompt messages), resource contents with mime type and
 * size. Everything the server sent is rendered as text: no HTML, no images from data URLs, no links followed.
 */
import { asJsonObject, type JsonObject, type JsonValue } from '../../protocol/types.ts';
import { CutText } from '../../components/ui/cut-text.tsx';
import { JsonText } from '../../components/ui/json-text.tsx';

export function asArray(v: JsonValue | undefined): JsonValue[] {
  return Array.isArray(v) ? v : [];
}

/** Bytes of a base64 payload (padding and whitespace aware). */
export function base64Size(data: string): number {
  const clean = data.replace(/\s+/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

/** Bytes of a string once UTF-8 encoded. */
export function utf8Size(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** "1 byte", "512 bytes", "2.0 KiB (2048 bytes)". */
export function formatSize(bytes: number): string {
  if (bytes === 1) return '1 byte';
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]} (${bytes} bytes)`;
}

function Meta({ children }: { children: React.ReactNode }) {
  return <p className="font-mono text-xs text-slate-600">{children}</p>;
}

/** One resource content item (`{uri, mimeType?, text}` or `{uri, mimeType?, blob}`). */
function ResourceItem({ item }: { item: JsonValue }) {
  const o = asJsonObject(item) ?? {};
  const mime = typeof o.mimeType === 'string' ? o.mimeType : 'no mime type';
  const uri = typeof o.uri === 'string' ? o.uri : '(no uri)';
  if (typeof o.blob === 'string') {
    return (
      <div className="flex flex-col gap-1">
        <Meta>
          {uri} · {mime} · blob, {formatSize(base64Size(o.blob))}
        </Meta>
        <details>
          <summary className="cursor-pointer text-xs text-slate-700">Base64 data ({o.blob.length} characters)</summary>
          <JsonText value={o.blob} label={`Blob data of ${uri}`} maxChars={20_000} className="max-h-40" />
        </details>
      </div>
    );
  }
  if (typeof o.text === 'string') {
    return (
      <div className="flex flex-col gap-1">
        <Meta>
          {uri} · {mime} · text, {formatSize(utf8Size(o.text))}
        </Meta>
        <pre
          aria-label={`Text of ${uri}`}
          tabIndex={0}
          className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 text-sm"
        >
          <CutText text={o.text} />
        </pre>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <Meta>
        {uri} · {mime} · neither text nor blob
      </Meta>
      <JsonText value={item} label="Resource content JSON" />
    </div>
  );
}

/** A content block of a tool result or prompt message. */
export function ContentBlock({ block }: { block: JsonValue }) {
  const b = asJsonObject(block) ?? {};
  if (b.type === 'text' && typeof b.text === 'string') {
    return (
      <p className="whitespace-pre-wrap break-words text-sm">
        <CutText text={b.text} />
      </p>
    );
  }
  if (b.type === 'resource') {
    return (
      <div className="rounded border border-slate-200 p-2">
        <p className="text-xs font-semibold text-slate-500">embedded resource</p>
        <ResourceItem item={b.resource ?? null} />
      </div>
    );
  }
  if (b.type === 'resource_link') {
    return (
      <Meta>
        resource link: {String(b.uri ?? '')}
        {typeof b.mimeType === 'string' ? ` · ${b.mimeType}` : ''} (not fetched)
      </Meta>
    );
  }
  if (typeof b.data === 'string') {
    const mime = typeof b.mimeType === 'string' ? b.mimeType : 'unknown type';
    return (
      <Meta>
        {String(b.type ?? 'unknown')} content · {mime} · {formatSize(base64Size(b.data))} (not displayed)
      </Meta>
    );
  }
  return <JsonText value={block} label="Content block JSON" />;
}

/** `messages` of a GetPromptResult, each with its role. */
export function PromptMessages({ messages }: { messages: JsonValue[] }) {
  return (
    <ol aria-label="Prompt messages" className="space-y-2">
      {messages.map((m, i) => {
        const o = asJsonObject(m) ?? {};
        const blocks = Array.isArray(o.content) ? o.content : [o.content ?? null];
        return (
          <li key={i} className="rounded border border-slate-200 p-2">
            <p className="text-xs font-semibold uppercase text-slate-500">
              {typeof o.role === 'string' ? o.role : '(no role)'}
            </p>
            {blocks.map((b, j) => (
              <ContentBlock key={j} block={b} />
            ))}
          </li>
        );
      })}
    </ol>
  );
}

/** `contents` of a ReadResourceResult. */
export function ResourceContents({ contents }: { contents: JsonValue[] }) {
  if (contents.length === 0) return <p className="text-sm text-slate-600">The resource has no contents.</p>;
  return (
    <ul aria-label="Resource contents" className="space-y-2">
      {contents.map((c, i) => (
        <li key={i} className="rounded border border-slate-200 p-2">
          <ResourceItem item={c} />
        </li>
      ))}
    </ul>
  );
}

/** String values of a result's `_meta` other than serverInfo: human notes a server may add (informational only). */
export function metaNotes(result: JsonObject): [string, string][] {
  return Object.entries(asJsonObject(result._meta) ?? {}).filter(
    (e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'io.modelcontextprotocol/serverInfo',
  );
}
