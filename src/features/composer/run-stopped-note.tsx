import { Button } from '../../components/ui/button.tsx';

/**
 * Why Run to completion stopped when no next request is waiting (a leg failed in transport, or the server refused the
 * call): the note in words, and for a failed leg the way to send it again on purpose, as a branch.
 */
export function RunStoppedNote({ message, onResend }: { message: string; onResend?: (() => void) | undefined }) {
  return (
    <div role="status" className="flex flex-wrap items-center gap-2 rounded bg-amber-50 p-2 text-sm text-amber-900">
      <p>{message}</p>
      {onResend && <Button onClick={onResend}>Resend as a branch</Button>}
    </div>
  );
}
