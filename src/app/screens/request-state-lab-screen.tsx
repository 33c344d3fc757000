import { lazy, Suspense, useMemo } from 'react';
import { LazyDetails } from '../../components/ui/lazy-details.tsx';
import { knownRequestStates } from '../../session/selectors.ts';
import { useInspector } from '../../store/store-context.tsx';

const RequestStateLab = lazy(() =>
  import('../../features/request-state-lab/request-state-lab.tsx').then((m) => ({ default: m.RequestStateLab })),
);

export interface RequestStateLabScreenProps {
  /** the requestState as it came (null: none) */
  original: string | null;
  /** the requestState that will go (null: the field is left out) */
  value: string | null;
  onChange: (value: string | null) => void;
  /** the lab's tab ids start with this (two labs on one page need their own) */
  idPrefix?: string;
  /** the lab shows the tampering warning itself (default false: the composer shows its own) */
  showBanner?: boolean;
}

/** The lab with every other requestState of the session to swap in (read only once the lab opens). */
function LabWithSessionStates(props: RequestStateLabScreenProps) {
  const session = useInspector((st) => st.session);
  const otherStates = useMemo(
    () =>
      knownRequestStates(session)
        .filter((o) => o.value !== props.original)
        .map((o) => ({ label: o.label, value: o.value })),
    [session, props.original],
  );
  return <RequestStateLab {...props} otherStates={otherStates} showBanner={props.showBanner ?? false} />;
}

/**
 * The requestState lab (decode, hex grid, bit flips, truncate, swap) behind a closed "requestState lab" disclosure:
 * the composer's "Next request" and a watched client's held request or answer use the same one. Its code loads and
 * the session's states are read only when the disclosure first opens.
 */
export function RequestStateLabScreen(props: RequestStateLabScreenProps) {
  return (
    <LazyDetails summary="requestState lab" summaryClassName="cursor-pointer text-xs font-semibold text-slate-700">
      {() => (
        <Suspense fallback={<p className="text-xs">Loading lab…</p>}>
          <LabWithSessionStates {...props} />
        </Suspense>
      )}
    </LazyDetails>
  );
}
