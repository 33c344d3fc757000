export const TAMPER_WARNING =
  'Tampering: you are changing requestState. The spec tells clients never to modify it; this inspector is acting as a hostile client.';

/** The warning shown whenever the state to send differs from what the server gave. */
export function TamperBanner() {
  return (
    <div role="alert" className="rounded border-2 border-red-600 bg-red-50 px-3 py-2 font-semibold text-red-900">
      {TAMPER_WARNING}
    </div>
  );
}
