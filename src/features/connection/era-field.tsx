import { Badge } from '../../components/ui/badge.tsx';
import { LEGACY_ERA_VERSION, type EraSetting } from '../../protocol/era.ts';
import { PROTOCOL_VERSION } from '../../protocol/types.ts';

const ERA_OPTIONS: { value: EraSetting; label: string }[] = [
  { value: 'auto', label: 'Auto (server/discover, else initialize)' },
  { value: PROTOCOL_VERSION, label: PROTOCOL_VERSION },
  { value: LEGACY_ERA_VERSION, label: `${LEGACY_ERA_VERSION} (session)` },
];

const isEra = (v: string): v is EraSetting => ERA_OPTIONS.some((o) => o.value === v);

/** The protocol era of the connection: detected on Connect, or pinned. Applies on the next Connect. */
export function EraField({ value, onChange }: { value: EraSetting; onChange: (era: EraSetting) => void }) {
  return (
    <label className="block">
      Era
      <select
        className="mt-1 block w-full rounded border border-slate-300 px-2 py-1"
        value={value}
        onChange={(e) => {
          if (isEra(e.target.value)) onChange(e.target.value);
        }}
      >
        {ERA_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The era the connection speaks, and the 2025-11-25 session id. */
export function EraBadge({
  era,
  sessionId,
  reason,
}: {
  era: 'modern' | 'legacy';
  sessionId?: string;
  reason?: string;
}) {
  if (era === 'modern') return <Badge tone="neutral">era {PROTOCOL_VERSION}</Badge>;
  return (
    <>
      <Badge tone="info">era {LEGACY_ERA_VERSION}</Badge>
      <span className="font-mono text-xs" title={reason}>
        session {sessionId ?? '(none: the server issued no Mcp-Session-Id)'}
      </span>
    </>
  );
}
