import { useEffect, useRef, useState, type ReactNode } from 'react';
import { hasCapability, withCapability, type CapabilityFlag } from '../../protocol/envelope.ts';
import type { EraSetting } from '../../protocol/era.ts';
import type { ClientCapabilities, ClientInfo } from '../../protocol/types.ts';
import type { HoldMode } from '../../session/hold-rule.ts';
import { formatHeaders, parseHeaders } from './header-text.ts';
import { NotSecretToggles, queryNamesOf } from './not-secret-toggles.tsx';
import { EraField } from './era-field.tsx';
import { SaveConnectionControls, type SavedConnectionEntry } from './saved-connections.tsx';

const CAPABILITY_LABELS: [CapabilityFlag, string][] = [
  ['form', 'Elicitation: form'],
  ['url', 'Elicitation: URL'],
  ['sampling', 'Sampling'],
  ['roots', 'Roots'],
  ['tasks', 'Tasks extension (io.modelcontextprotocol/tasks)'],
];

const HOLD_OPTIONS: [HoldMode, string][] = [
  ['always', 'Always'],
  ['edits', 'Only when I edit something'],
];

const INPUT = 'mt-1 block w-full rounded border border-slate-300 px-2 py-1 font-mono';

/** One labelled radio button of the group `name`. */
function Radio(props: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2">
      <input
        type="radio"
        name={props.name}
        disabled={props.disabled}
        checked={props.checked}
        onChange={props.onSelect}
      />
      {props.children}
    </label>
  );
}

export interface ConnectionSettingsProps {
  transportMode: 'direct' | 'relay';
  setTransportMode: (mode: 'direct' | 'relay') => void;
  /** the local relay runs (npm start): the relay transport can be picked */
  relayAvailable: boolean;
  bearerToken: string;
  setBearerToken: (token: string) => void;
  customHeaders: Record<string, string>;
  setCustomHeaders: (headers: Record<string, string>) => void;
  /** custom header names (lower-cased) and `?query` names marked "not secret" */
  notSecret: string[];
  setNotSecret: (name: string, notSecret: boolean) => void;
  /** the Server URL field (its `?query` names can be marked "not secret") */
  serverUrl: string;
  era: EraSetting;
  setEra: (era: EraSetting) => void;
  protocolVersion: string;
  setProtocolVersion: (version: string) => void;
  clientInfo: ClientInfo;
  setClientInfo: (info: ClientInfo) => void;
  capabilities: ClientCapabilities;
  setCapabilities: (caps: ClientCapabilities) => void;
  taskNotifications: boolean;
  setTaskNotifications: (on: boolean) => void;
  holdLegs: HoldMode;
  setHoldLegs: (mode: HoldMode) => void;
  /** bumps when something asks for the bearer token field to take focus */
  tokenFocusNonce: number;
  saved: SavedConnectionEntry[];
  /** the saved connection these settings belong to; null = an unsaved connection */
  activeId: string | null;
  saveConnection: (label: string) => void;
  removeConnection: (id: string) => void;
}

/** Per-connection settings: transport, auth, headers, version pin, client info, declared capabilities. */
export function ConnectionSettings(s: ConnectionSettingsProps) {
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
        <Radio name="transport" checked={s.transportMode === 'direct'} onSelect={() => s.setTransportMode('direct')}>
          Direct from the page (needs CORS)
        </Radio>
        <Radio
          name="transport"
          disabled={!s.relayAvailable}
          checked={s.transportMode === 'relay'}
          onSelect={() => s.setTransportMode('relay')}
        >
          Through the local relay {s.relayAvailable ? '' : '(only with npm start)'}
        </Radio>
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
        {(['name', 'version'] as const).map((field) => (
          <label key={field} className="block">
            Client {field}
            <input
              className={INPUT}
              value={s.clientInfo[field]}
              onChange={(e) => s.setClientInfo({ ...s.clientInfo, [field]: e.target.value })}
            />
          </label>
        ))}
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
        {HOLD_OPTIONS.map(([value, label]) => (
          <Radio key={value} name="hold-legs" checked={s.holdLegs === value} onSelect={() => s.setHoldLegs(value)}>
            {label}
          </Radio>
        ))}
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
