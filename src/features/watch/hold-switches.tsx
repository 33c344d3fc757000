import type { HeldStage } from '../../protocol/proxy-wire.ts';

/** A watched source's two hold switches (a proxy's or a tap's): hold the client's requests, the server's answers. */
export function HoldSwitches({
  id,
  holdRequests,
  holdResponses,
  onHold,
}: {
  id: string;
  holdRequests: boolean;
  holdResponses: boolean;
  onHold: (id: string, stage: HeldStage, on: boolean) => void;
}) {
  return (
    <>
      <label className="flex items-center gap-1">
        <input type="checkbox" checked={holdRequests} onChange={(e) => onHold(id, 'request', e.target.checked)} />
        Hold client requests
      </label>
      <label className="flex items-center gap-1">
        <input type="checkbox" checked={holdResponses} onChange={(e) => onHold(id, 'response', e.target.checked)} />
        Hold server responses
      </label>
    </>
  );
}
