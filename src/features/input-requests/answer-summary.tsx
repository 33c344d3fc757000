import { Button } from '../../components/ui/button.tsx';
import { JsonText } from '../../components/ui/json-text.tsx';
import type { InputResponse } from '../../protocol/types.ts';

/** Compact view of a set answer (the exact JSON that goes into `inputResponses`) with a way back to editing. */
export function AnswerSummary({ answer, onChange }: { answer: InputResponse; onChange: () => void }) {
  return (
    <div className="flex flex-col gap-2">
      <JsonText value={answer} label="Answer JSON" className="max-h-40" />
      <div>
        <Button onClick={onChange}>Change answer</Button>
      </div>
    </div>
  );
}
