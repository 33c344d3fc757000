import { useEffect, useRef, useState } from 'react';
import { useInspector } from '../../store/store-context.tsx';
import { useDeps } from '../../store/deps-context.tsx';
import { hasCapability, withCapability, type CapabilityFlag } from '../../protocol/envelope.ts';
import { formatHeaders, parseHeaders } from './header-text.ts';
import { NotSecretToggles, queryNamesOf } from './not-secret-toggles.tsx';
import { EraField } from './era-field.tsx';
import { SaveConnectionControls } from './saved-connections.tsx';

const CAPABILITY_LABELS: [CapabilityFlag, string][] = [
  ['form', 'Elicitation: form'],
  ['url', 'Elicitation: URL'],
  ['sampling', 'Sampling'],
  ['roots', 'Roots'],
  ['tasks', 'Tasks extension (io.modelcontextprotocol/tasks)'],
];

const INPUT = 'mt-1 block w-full rounded border border-slate-300 px-2 py-1 font-mono';

/** Per-connection settings: transport, auth, headers, version pin, client info, declared capabilities. */
export function ConnectionSettings() {
  const s = useInspector((st) => ({
    protocolVersion: st.protocolVersion,
    setProtocolVersion: st.setProtocolVersion,
    era: st.era,
    setEra: st.setEra,
    bearerToken: st.bearerToken,
    setBearerToken: st.setBearerToken,
    customHeaders: st.customHeaders,
    setCustomHeaders: st.setCustomHeaders,
    notSecret: st.notSecret,
    setNotSecret: st.setNotSecret,
    serverUrl: st.serverUrl,
    clientInfo: st.clientInfo,
    setClientInfo: st.setClientInfo,
    holdLegs: st.holdLegs,
    setHoldLegs: st.setHoldLegs,
    capabilities: st.capabilities,
    setCapabilities: st.setCapabilities,
    taskNotifications: st.taskNotifications,
    setTaskNotifications: st.setTaskNotifications,
    transportMode: st.transportMode,
    setTransportMode: st.setTransportMode,
    tokenFocusNonce: st.tokenFocusNonce,
    saved: st.savedConnections,
    activeId: st.activeConnectionId,
    saveConnection: st.saveConnection,
    removeConnection: st.removeConnection,
  }));
  const { config } = useDeps();
  // the textarea is a draft: it is re-read from the store whenever the active connection changes
  const [draft, setDraft] = useState({ for: s.activeId, text: formatHeaders(s.customHeaders) });
  if (draft.for !== s.activeId) setDraft({ for: s.activeId, text: formatHeaders(s.customHeaders) });
  const parsed = parseHeaders(draft.text);
  const tokenRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (s.tokenFocusNonce > 0) tokenRef.current?.focus();
  }, [s.tokenFocusNonce]);
  const active = s.saved.find((c) => c.id === s.activeId);

  return (
    <div className="mt-2 grid gap-3 rounded border border-slate-200 bg-slate-50 p-3 text-sm md:grid-cols-4">
      <fieldset className="space-y-1">
        <legend className="font-semibold">Transport</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="transport"
            checked={s.transportMode === 'direct'}
            onChange={() => s.setTransportMode('direct')}
          />
          Direct from the page (needs CORS)
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="transport"
            disabled={!config.relay}
            checked={s.transportMode === 'relay'}
            onChange={() => s.setTransportMode('relay')}
          />
          Through the local relay {config.relay ? '' : '(only with npm start)'}
        </label>
        <SaveConnectionControls active={active} onSave={s.saveConnection} onRemove={s.removeConnection} />
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="font-semibold">Auth and headers</legend>
        <label className="block">
          Bearer token
          <input
            ref={tokenRef}
            type="password"
            autoComplete="off"
            spellCheck={false}
            className={INPUT}
            value={s.bearerToken}
            onChange={(e) => s.setBearerToken(e.target.value.trim())}
          />
        </label>
        <p className="text-xs text-slate-600">Sent as Authorization: Bearer …; shown masked everywhere.</p>
        <label className="block">
          Custom headers (one &quot;Name: value&quot; per line)
          <textarea
            className={`${INPUT} h-16 text-xs`}
            value={draft.text}
            aria-invalid={typeof parsed === 'string'}
            onChange={(e) => {
              setDraft({ for: s.activeId, text: e.target.value });
              const next = parseHeaders(e.target.value);
              if (typeof next !== 'string') s.setCustomHeaders(next);
            }}
          />
        </label>
        {typeof parsed === 'string' && (
          <p role="alert" className="text-red-700">
            {parsed} (the last valid headers are still in use)
          </p>
        )}
        <NotSecretToggles
          headerNames={Object.keys(s.customHeaders)}
          queryNames={queryNamesOf(s.serverUrl)}
          notSecret={s.notSecret}
          onToggle={s.setNotSecret}
        />
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="font-semibold">Protocol and client</legend>
        <EraField value={s.era} onChange={s.setEra} />
        <ProtocolVersionField value={s.protocolVersion} onChange={s.setProtocolVersion} />
        <label className="block">
          Client name
          <input
            className={INPUT}
            value={s.clientInfo.name}
            onChange={(e) => s.setClientInfo({ ...s.clientInfo, name: e.target.value })}
          />
        </label>
        <label className="block">
          Client version
          <input
            className={INPUT}
            value={s.clientInfo.version}
            onChange={(e) => s.setClientInfo({ ...s.clientInfo, version: e.target.value })}
          />
        </label>
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="font-semibold">Client capabilities declared on new calls</legend>
        {CAPABILITY_LABELS.map(([flag, label]) => (
          <label key={flag} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={hasCapability(s.capabilities, flag)}
              onChange={(e) => s.setCapabilities(withCapability(s.capabilities, flag, e.target.checked))}
            />
            {label}
          </label>
        ))}
        {hasCapability(s.capabilities, 'tasks') && (
          <label className="ml-6 flex items-center gap-2">
            <input
              type="checkbox"
              checked={s.taskNotifications}
              onChange={(e) => s.setTaskNotifications(e.target.checked)}
            />
            Listen for task status notifications (subscriptions/listen)
          </label>
        )}
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="font-semibold">Hold each leg</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="hold-legs"
            checked={s.holdLegs === 'always'}
            onChange={() => s.setHoldLegs('always')}
          />
          Always
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="hold-legs"
            checked={s.holdLegs === 'edits'}
            onChange={() => s.setHoldLegs('edits')}
          />
          Only when I edit something
        </label>
        <p className="text-xs text-slate-500">
          Only when I edit something: a round goes out as soon as its last request is answered. A leg with edited
          params, headers, id, requestState, body or answers JSON is always held.
        </p>
      </fieldset>
    </div>
  );
}

/**
 * The version pin. An empty version is refused here: the header would then be empty while `_meta` still names one,
 * and the server would answer -32020 for a mismatch the user never meant. The text stays as typed; the last valid
 * version stays in use until a valid one is typed.
 */
export function ProtocolVersionField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const empty = text.trim() === '';
  return (
    <>
      <label className="block">
        Protocol version
        <input
          className={INPUT}
          value={text}
          aria-invalid={empty || undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim() !== '') onChange(e.target.value.trim());
          }}
        />
      </label>
      {empty && (
        <p role="alert" className="text-red-700">
          The protocol version cannot be empty: MCP-Protocol-Version and _meta must both name one ({value} is still in
          use).
        </p>
      )}
    </>
  );
}
