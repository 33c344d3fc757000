import { useState } from 'react';
import { useInspector } from '../../store/store-context.tsx';
import { useDeps } from '../../store/deps-context.tsx';
import { hasCapability, withCapability, type CapabilityFlag } from '../../protocol/envelope.ts';

const CAPABILITY_LABELS: [CapabilityFlag, string][] = [
  ['form', 'Elicitation: form'],
  ['url', 'Elicitation: URL'],
  ['sampling', 'Sampling'],
  ['roots', 'Roots'],
];

function parseHeaders(text: string): Record<string, string> | string {
  const out: Record<string, string> = {};
  for (const [i, line] of text.split('\n').entries()) {
    if (!line.trim()) continue;
    const idx = line.indexOf(':');
    if (idx <= 0) return `line ${i + 1}: expected "Name: value"`;
    out[line.slice(0, idx).trim()] = line.slice(idx + 1).trim();
  }
  return out;
}

/** Per-connection settings: transport, auth, headers, version pin, declared capabilities. */
export function ConnectionSettings() {
  const s = useInspector((st) => ({
    protocolVersion: st.protocolVersion,
    setProtocolVersion: st.setProtocolVersion,
    bearerToken: st.bearerToken,
    setBearerToken: st.setBearerToken,
    customHeaders: st.customHeaders,
    setCustomHeaders: st.setCustomHeaders,
    capabilities: st.capabilities,
    setCapabilities: st.setCapabilities,
    transportMode: st.transportMode,
    setTransportMode: st.setTransportMode,
    connect: st.connect,
    setServerUrl: st.setServerUrl,
  }));
  const { config } = useDeps();
  const [headersText, setHeadersText] = useState(
    Object.entries(s.customHeaders)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
  );
  const [headersError, setHeadersError] = useState<string | null>(null);

  return (
    <div className="mt-2 grid gap-3 rounded border border-slate-200 bg-slate-50 p-3 text-sm md:grid-cols-3">
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
        {config.mockEndpoints && config.mockEndpoints.length > 0 && (
          <label className="block">
            Saved connections
            <select
              aria-label="Saved connections"
              className="mt-1 block w-full rounded border border-slate-300 px-1 py-1"
              defaultValue=""
              onChange={(e) => e.target.value && s.connect(e.target.value)}
            >
              <option value="">Pick an endpoint…</option>
              {config.mockEndpoints.map((ep) => (
                <option key={ep.url} value={ep.url}>
                  {ep.label}: {ep.url}
                </option>
              ))}
            </select>
          </label>
        )}
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="font-semibold">Auth and headers</legend>
        <label className="block">
          Bearer token
          <input
            type="password"
            autoComplete="off"
            className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 font-mono"
            value={s.bearerToken}
            onChange={(e) => s.setBearerToken(e.target.value)}
          />
        </label>
        <label className="block">
          Custom headers (one "Name: value" per line)
          <textarea
            className="mt-1 block h-16 w-full rounded border border-slate-300 px-2 py-1 font-mono text-xs"
            value={headersText}
            onChange={(e) => {
              setHeadersText(e.target.value);
              const parsed = parseHeaders(e.target.value);
              if (typeof parsed === 'string') setHeadersError(parsed);
              else {
                setHeadersError(null);
                s.setCustomHeaders(parsed);
              }
            }}
          />
        </label>
        {headersError && <p className="text-red-700">{headersError}</p>}
        <label className="block">
          Protocol version
          <input
            className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 font-mono"
            value={s.protocolVersion}
            onChange={(e) => s.setProtocolVersion(e.target.value)}
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
      </fieldset>
    </div>
  );
}
