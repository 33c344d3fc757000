/**
 * "Not secret" checkboxes for the connection's custom headers and the Server URL's query parameters. Unchecked (the
 * default), a value is a secret: it is kept out of autosave, session files, HAR and share links.
 */
export interface NotSecretTogglesProps {
  headerNames: string[];
  queryNames: string[];
  /** lower-cased header names and `?param` names currently marked */
  notSecret: string[];
  onToggle: (name: string, notSecret: boolean) => void;
}

/** The query parameter names of `url` ([] when it is not a URL). */
export function queryNamesOf(url: string): string[] {
  try {
    return [...new Set(new URL(url).searchParams.keys())];
  } catch {
    return [];
  }
}

export function NotSecretToggles({ headerNames, queryNames, notSecret, onToggle }: NotSecretTogglesProps) {
  const items = [
    ...headerNames.map((name) => ({ key: name.toLowerCase(), label: `${name} is not secret` })),
    ...queryNames.map((name) => ({ key: `?${name}`, label: `?${name} in the URL is not secret` })),
  ];
  if (items.length === 0) return null;
  return (
    <fieldset className="space-y-1 text-xs">
      <legend className="text-slate-700">
        Header and query values are secrets: kept out of autosave, exports, HAR and share links unless marked
      </legend>
      {items.map((item) => (
        <label key={item.key} className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={notSecret.includes(item.key)}
            onChange={(e) => onToggle(item.key, e.target.checked)}
          />
          {item.label}
        </label>
      ))}
    </fieldset>
  );
}
