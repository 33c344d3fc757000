import type { AuthSettings } from '../../session/auth/auth-model.ts';

/** How the inspector identifies itself to authorization servers (kept in memory only). */
export function AuthSettingsForm({
  value,
  ownMetadataUrl,
  onChange,
}: {
  value: AuthSettings;
  ownMetadataUrl: string;
  onChange: (patch: Partial<AuthSettings>) => void;
}) {
  return (
    <details className="text-xs">
      <summary className="cursor-pointer">Client identity</summary>
      <div className="grid gap-2 pt-2 sm:grid-cols-2">
        <label className="flex flex-col">
          Client ID (pre-registered)
          <input
            className="rounded border px-1 py-0.5 font-mono"
            value={value.clientId}
            onChange={(e) => onChange({ clientId: e.target.value })}
            autoComplete="off"
          />
        </label>
        <label className="flex flex-col">
          Client secret
          <input
            type="password"
            className="rounded border px-1 py-0.5 font-mono"
            value={value.clientSecret}
            onChange={(e) => onChange({ clientSecret: e.target.value })}
            autoComplete="off"
          />
        </label>
        <label className="flex flex-col sm:col-span-2">
          Authorization server of this client (issuer)
          <input
            className="rounded border px-1 py-0.5 font-mono"
            value={value.clientIssuer}
            placeholder="the first one it signs in with"
            onChange={(e) => onChange({ clientIssuer: e.target.value.trim() })}
            autoComplete="off"
          />
        </label>
        <label className="flex flex-col sm:col-span-2">
          Client ID Metadata Document URL
          <input
            className="rounded border px-1 py-0.5 font-mono"
            value={value.metadataDocumentUrl}
            placeholder={ownMetadataUrl || 'none served: Dynamic Client Registration or a pre-registered client'}
            onChange={(e) => onChange({ metadataDocumentUrl: e.target.value })}
          />
        </label>
        <label className="flex items-center gap-1 sm:col-span-2">
          <input
            type="checkbox"
            checked={value.keepInTab}
            onChange={(e) => onChange({ keepInTab: e.target.checked })}
          />
          Keep me signed in in this tab (tokens in sessionStorage; never saved to disk, exported or shared)
        </label>
        <p className="text-slate-600 sm:col-span-2">
          Order: a pre-registered client ID when set; else a Client ID Metadata Document when the authorization server
          supports them (the URL is the client_id); else Dynamic Client Registration. A pre-registered client ID and
          secret go only to their own authorization server. The secret stays in memory.
        </p>
      </div>
    </details>
  );
}
