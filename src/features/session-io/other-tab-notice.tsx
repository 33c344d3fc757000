import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import type { OtherTabSituation } from '../../lib/storage/save-status.ts';

const TEXT: Record<OtherTabSituation, string> = {
  'open-elsewhere': 'This session is open in another tab: changes made here are not saved.',
  'taken-over':
    'Another tab took over saving: changes here are no longer saved. Export to keep them, or reload to continue from the saved session.',
  'other-closed':
    "The other tab closed. This tab has not saved, so the saved session holds that tab's latest work and this tab's copy may be older. Load the saved session (replaces what this tab shows; export first to keep it), or keep this tab's session and save it (replaces the saved one).",
};

/** Short status line beside the toolbar's buttons. */
export const OTHER_TAB_STATUS: Record<OtherTabSituation, string> = {
  'open-elsewhere': 'Not saving: open in another tab',
  'taken-over': 'Not saving: another tab took over',
  'other-closed': 'Not saving: choose below',
};

/**
 * Says why this tab does not save and offers the way out: save from this tab instead (it writes its whole session),
 * or load the saved session (a reload).
 */
export function OtherTabNotice({
  situation,
  saveFromThisTab,
  loadSaved,
}: {
  situation: OtherTabSituation;
  saveFromThisTab: () => Promise<void>;
  loadSaved: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = () => {
    setBusy(true);
    setFailure(null);
    saveFromThisTab().then(
      () => setBusy(false),
      (err: unknown) => {
        setBusy(false);
        setFailure(
          `Could not take over saving (${err instanceof Error ? err.message : String(err)}). Nothing changed.`,
        );
      },
    );
  };
  return (
    <div
      role="alert"
      aria-label="Saving paused"
      className="mt-1 flex flex-wrap items-center gap-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950"
    >
      <p className="min-w-0 flex-1 basis-96">{TEXT[situation]}</p>
      {situation === 'other-closed' ? (
        <>
          <Button onClick={loadSaved}>Load the saved session</Button>
          <Button onClick={save} disabled={busy}>
            Keep this tab&apos;s session and save it
          </Button>
        </>
      ) : (
        <>
          <Button onClick={save} disabled={busy}>
            Save from this tab instead
          </Button>
          {situation === 'taken-over' && <Button onClick={loadSaved}>Load the saved session</Button>}
        </>
      )}
      {failure && <p className="basis-full text-red-800">{failure}</p>}
    </div>
  );
}
