import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';

/** A saved connection as the picker and the save controls show it: its id, name and URL. */
export interface SavedConnectionEntry {
  id: string;
  label: string;
  url: string;
}

export interface Endpoint {
  label: string;
  url: string;
}

/** Saved connections first, then the pre-listed endpoints (the mock's) that are not saved yet. */
export function pickerOptions(
  saved: SavedConnectionEntry[],
  endpoints: Endpoint[],
): { value: string; label: string }[] {
  const savedUrls = new Set(saved.map((c) => c.url));
  return [
    ...saved.map((c) => ({ value: `saved:${c.id}`, label: c.label === c.url ? c.url : `${c.label}: ${c.url}` })),
    ...endpoints
      .filter((e) => !savedUrls.has(e.url))
      .map((e) => ({ value: `endpoint:${e.url}`, label: `${e.label}: ${e.url}` })),
  ];
}

/** Switch between saved connections and the pre-listed endpoints; picking one connects to it. */
export function SavedConnectionPicker({
  saved,
  endpoints,
  activeId,
  onSwitch,
  onOpenEndpoint,
}: {
  saved: SavedConnectionEntry[];
  endpoints: Endpoint[];
  activeId: string | null;
  onSwitch: (id: string) => void;
  onOpenEndpoint: (endpoint: Endpoint) => void;
}) {
  const options = pickerOptions(saved, endpoints);
  if (options.length === 0) return null;
  return (
    <select
      aria-label="Saved connections"
      className="max-w-64 rounded border border-slate-300 px-1 py-1.5 text-sm"
      value={activeId ? `saved:${activeId}` : ''}
      onChange={(e) => {
        const value = e.target.value;
        if (value.startsWith('saved:')) onSwitch(value.slice('saved:'.length));
        else if (value.startsWith('endpoint:')) {
          const url = value.slice('endpoint:'.length);
          const endpoint = endpoints.find((ep) => ep.url === url);
          if (endpoint) onOpenEndpoint(endpoint);
        }
      }}
    >
      <option value="">{activeId ? 'Saved connections…' : 'Unsaved connection'}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** Save the current URL and settings under a name, or forget the active saved connection. */
export function SaveConnectionControls({
  active,
  onSave,
  onRemove,
}: {
  active: SavedConnectionEntry | undefined;
  onSave: (label: string) => void;
  onRemove: (id: string) => void;
}) {
  const [name, setName] = useState('');
  return (
    <div className="space-y-1">
      <p className="text-xs text-slate-600">
        {active
          ? `Editing saved connection "${active.label}": changes here are kept with it.`
          : 'These settings belong to an unsaved connection.'}
      </p>
      <label className="block">
        Connection name
        <input
          className="mt-1 block w-full rounded border border-slate-300 px-2 py-1"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. staging"
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => {
            onSave(name);
            setName('');
          }}
        >
          Save as new connection
        </Button>
        {active && (
          <Button variant="ghost" onClick={() => onRemove(active.id)}>
            Forget saved connection
          </Button>
        )}
      </div>
    </div>
  );
}
