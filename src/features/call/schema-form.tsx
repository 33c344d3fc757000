import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';

/** An rjsf form without its own submit button; the caller owns the action button. Loaded lazily. */
export default function SchemaForm({
  schema,
  value,
  onChange,
  idPrefix,
}: {
  schema: RJSFSchema;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  idPrefix: string;
}) {
  return (
    <Form
      schema={schema}
      formData={value}
      validator={validator}
      idPrefix={idPrefix}
      uiSchema={{ 'ui:submitButtonOptions': { norender: true } }}
      onChange={(e) => onChange((e.formData ?? {}) as Record<string, unknown>)}
      showErrorList={false}
      className="rjsf space-y-2 text-sm"
    />
  );
}
