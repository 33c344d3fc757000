import { useMemo, useState } from 'react';
import { TabList, TabPanel } from '../../components/ui/tabs.tsx';
import { byteDiff } from '../../protocol/request-state/byte-diff.ts';
import type { DiffRange } from '../../protocol/request-state/byte-diff.ts';
import { append, flipBitBytes, toBytes, tokenFromBytes, truncate } from '../../protocol/request-state/bytes.ts';
import { cryptoRandomBytes, inventRequestState } from '../../protocol/request-state/invent.ts';
import { DecodedPanel } from './decoded-panel.tsx';
import { DiffSummary } from './diff-summary.tsx';
import { EditActions } from './edit-actions.tsx';
import { HEX_ROWS_PER_PAGE, HEX_WIDTH, HexGrid } from './hex-grid.tsx';
import { TamperBanner } from './tamper-banner.tsx';
import { TextPanel } from './text-panel.tsx';
import { formatOffset } from './hex-offset.ts';

export interface RequestStateLabProps {
  /** The requestState the server sent (null: it sent none). */
  original: string | null;
  /** The requestState the next retry will send (null: omit the field). */
  value: string | null;
  /** States from other calls / rounds, for cross-call replay. */
  otherStates: { label: string; value: string }[];
  /** Fixed clock in ms (tests, replays); a live clock when absent. */
  now?: number;
  /** false when the host already shows the tampering banner (the composer does) */
  showBanner?: boolean;
  /** the tabs' ids start with this (default `rs-lab`): a second lab on the page needs its own */
  idPrefix?: string;
  onChange: (value: string | null) => void;
}

type Tab = 'text' | 'bytes' | 'decoded';
const TABS: { id: Tab; label: string }[] = [
  { id: 'text', label: 'Text' },
  { id: 'bytes', label: 'Bytes' },
  { id: 'decoded', label: 'Decoded' },
];
const NO_RANGES: DiffRange[] = [];
const PAGE_BYTES = HEX_ROWS_PER_PAGE * HEX_WIDTH;

/** Inspect and deliberately tamper with requestState before the retry. Presentational: props in, onChange out. */
export function RequestStateLab({
  original,
  value,
  otherStates,
  now,
  showBanner = true,
  idPrefix = 'rs-lab',
  onChange,
}: RequestStateLabProps) {
  const [tab, setTab] = useState<Tab>('bytes');
  const [page, setPage] = useState(0);
  // A note about the last edit, shown only while the value is still the one that edit produced.
  const [status, setStatus] = useState<{ message: string; forValue: string | null } | null>(null);

  const bytes = useMemo(() => toBytes(value ?? ''), [value]);
  const originalBytes = useMemo(() => toBytes(original ?? ''), [original]);
  const edited = value !== original;
  const ranges = useMemo(
    () => (edited && value !== null && original !== null ? byteDiff(originalBytes, bytes) : NO_RANGES),
    [edited, value, original, originalBytes, bytes],
  );

  function change(next: string | null, message: string | null = null) {
    setStatus(message === null ? null : { message, forValue: next });
    onChange(next);
  }

  function flip(index: number, bit: number) {
    const result = tokenFromBytes(flipBitBytes(bytes, index, bit));
    change(
      result.token,
      result.lossy
        ? `Byte ${index} (${formatOffset(index)}) is no longer valid UTF-8. A JSON string cannot carry it, so it is sent as U+FFFD (bytes ef bf bd).`
        : null,
    );
  }

  return (
    <section aria-label="requestState lab" className="flex flex-col gap-3">
      {edited && showBanner && <TamperBanner />}
      {edited && (
        <DiffSummary
          original={original}
          value={value}
          ranges={ranges}
          valueByteLength={bytes.length}
          onJump={(offset) => {
            setTab('bytes');
            setPage(Math.floor(offset / PAGE_BYTES));
          }}
        />
      )}
      <EditActions
        value={value}
        original={original}
        byteLength={bytes.length}
        otherStates={otherStates}
        onTruncate={(length) => change(truncate(value ?? '', length))}
        onAppend={(text) => change(append(value ?? '', text))}
        onDrop={() => change(null)}
        onInvent={() => change(inventRequestState(original, now ?? Date.now(), cryptoRandomBytes))}
        onRestore={() => change(original)}
        onSwap={(other) => change(other)}
      />
      {status && status.forValue === value && (
        <p role="status" className="text-sm text-amber-800">
          {status.message}
        </p>
      )}
      <TabList
        label="requestState views"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        idPrefix={idPrefix}
        className="flex gap-1 border-b"
        tabClassName={(on) =>
          `px-3 py-1 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
            on ? 'border-b-2 border-blue-600 font-semibold' : ''
          }`
        }
      />
      <TabPanel idPrefix={idPrefix} selected={tab}>
        {value === null ? (
          <p className="text-sm italic">requestState is dropped: the retry will omit the field.</p>
        ) : tab === 'text' ? (
          <TextPanel value={value} byteLength={bytes.length} />
        ) : tab === 'bytes' ? (
          <HexGrid bytes={bytes} ranges={ranges} page={page} onPageChange={setPage} onFlip={flip} />
        ) : (
          <DecodedPanel value={value} now={now} />
        )}
      </TabPanel>
    </section>
  );
}
