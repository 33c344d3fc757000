/**
 * The rjsf-rendered elicitation form. Loaded lazily (default export for `React.lazy`) so rjsf and ajv stay out of the
 * entry bundle. Accept is the form's submit button: it runs validation; when validation fails the user may still send
 * the content on purpose with "Accept anyway (invalid)".
 */
import { useMemo, useRef, useState } from 'react';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { Button } from '../../components/ui/button.tsx';
import { toElicitContent, toRjsf } from '../../protocol/elicitation/to-rjsf.ts';
import type { JsonObject } from '../../protocol/types.ts';
import { formValidator } from '../../components/ui/form-validator.ts';
import { accessibleTemplates, accessibleWidgets, RJSF_FORM_CLASS } from '../../components/ui/rjsf-templates.tsx';

export interface RjsfElicitFormProps {
  requestedSchema: JsonObject;
  /** Values to start from instead of the schema defaults (e.g. the previous answer when changing it). */
  initialContent?: JsonObject;
  /** Unique per form on the page: rjsf derives every input id from it. */
  idPrefix: string;
  /** `valid` is false only for "Accept anyway (invalid)"; `send`: the user pressed "Accept and send". */
  onAccept: (content: JsonObject, valid: boolean, send?: boolean) => void;
  /** offer "Accept and send" (this is the last unanswered request of the round) */
  offerSend?: boolean;
  onDecline: () => void;
  onCancel: () => void;
}

export default function RjsfElicitForm({
  requestedSchema,
  initialContent,
  idPrefix,
  onAccept,
  onDecline,
  onCancel,
  offerSend,
}: RjsfElicitFormProps) {
  // which submit button was pressed: rjsf's onSubmit does not say
  const sendOnSubmit = useRef(false);
  const spec = useMemo(() => toRjsf(requestedSchema), [requestedSchema]);
  const [formData, setFormData] = useState<JsonObject>(() => ({ ...spec.formData, ...initialContent }));
  const [refused, setRefused] = useState(false);

  return (
    <Form
      className={RJSF_FORM_CLASS}
      schema={spec.schema as RJSFSchema}
      uiSchema={spec.uiSchema as UiSchema}
      formData={formData}
      validator={formValidator}
      templates={accessibleTemplates}
      widgets={accessibleWidgets}
      idPrefix={idPrefix}
      noHtml5Validate
      showErrorList="top"
      focusOnFirstError
      experimental_defaultFormStateBehavior={{
        arrayMinItems: { populate: 'never' },
        emptyObjectFields: 'skipEmptyDefaults',
        constAsDefaults: 'never',
      }}
      onChange={(e: IChangeEvent) => setFormData((e.formData ?? {}) as JsonObject)}
      onError={() => {
        sendOnSubmit.current = false;
        setRefused(true);
      }}
      onSubmit={(e: IChangeEvent) => {
        setRefused(false);
        const send = sendOnSubmit.current;
        sendOnSubmit.current = false;
        onAccept(toElicitContent(e.formData, requestedSchema), true, send);
      }}
    >
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" onClick={() => (sendOnSubmit.current = false)}>
          Accept
        </Button>
        {offerSend && (
          <Button type="submit" variant="primary" onClick={() => (sendOnSubmit.current = true)}>
            Accept and send
          </Button>
        )}
        <Button onClick={onDecline}>Decline</Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
      {refused && (
        <div className="flex flex-col gap-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
          <p>
            Validation refused this answer. You can still send it on purpose to see how the server handles content that
            breaks its own schema (a careful server rejects it or asks again).
          </p>
          <div>
            <Button variant="danger" onClick={() => onAccept(toElicitContent(formData, requestedSchema), false)}>
              Accept anyway (invalid)
            </Button>
          </div>
        </div>
      )}
    </Form>
  );
}
