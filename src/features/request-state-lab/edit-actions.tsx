import { useState } from 'react';

export interface EditActionsProps {
  value: string | null;
  original: string | null;
  byteLength: number;
  otherStates: readonly { label: string; value: string }[];
  onTruncate: (length: number) => void;
  onAppend: (text: string) => void;
  onDrop: () => void;
  onInvent: () => void;
  onRestore: () => void;
  onSwap: (value: string) => void;
}

const BTN = 'rounded border px-2 py-0.5 text-sm hover:bg-gray-100 disabled:opacity-40 focus:outline-2';

/** The hostile-client edit buttons. Drafts (truncate length, text to append) stay in component state. */
export function EditActions(props: EditActionsProps) {
  const { value, original, byteLength, otherStates } = props;
  const [lengthText, setLengthText] = useState('');
  const [appendText, setAppendText] = useState('AAAA');
  const parsedLength = lengthText.trim() === '' ? Math.floor(byteLength / 2) : Number(lengthText);
  const lengthOk = Number.isInteger(parsedLength) && parsedLength >= 0;

  return (
    <div role="group" aria-label="Edit requestState" className="flex flex-wrap items-end gap-3">
      <div className="flex items-end gap-1">
        <label className="flex flex-col text-xs">
          Truncate to length (bytes)
          <input
            type="number"
            min={0}
            className="w-28 rounded border px-1 text-sm"
            placeholder={String(Math.floor(byteLength / 2))}
            value={lengthText}
            onChange={(e) => setLengthText(e.target.value)}
          />
        </label>
        <button
          type="button"
          className={BTN}
          disabled={value === null || !lengthOk}
          onClick={() => props.onTruncate(parsedLength)}
        >
          Truncate
        </button>
      </div>
      <div className="flex items-end gap-1">
        <label className="flex flex-col text-xs">
          Text to append
          <input
            className="w-28 rounded border px-1 font-mono text-sm"
            value={appendText}
            onChange={(e) => setAppendText(e.target.value)}
          />
        </label>
        <button type="button" className={BTN} disabled={appendText === ''} onClick={() => props.onAppend(appendText)}>
          Append
        </button>
      </div>
      <button type="button" className={BTN} disabled={value === null} onClick={props.onDrop}>
        Drop requestState
      </button>
      <button type="button" className={BTN} onClick={props.onInvent}>
        Invent requestState
      </button>
      <button type="button" className={BTN} disabled={value === original} onClick={props.onRestore}>
        Restore original
      </button>
      <label className="flex flex-col text-xs">
        Swap in state from
        <select
          className="rounded border px-1 text-sm"
          value=""
          disabled={otherStates.length === 0}
          onChange={(e) => {
            const chosen = otherStates[Number(e.target.value)];
            if (chosen) props.onSwap(chosen.value);
          }}
        >
          <option value="">{otherStates.length === 0 ? 'no other states yet' : 'choose a state…'}</option>
          {otherStates.map((s, i) => (
            <option key={`${s.label}-${i}`} value={i}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
