import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { formValidator } from '../../components/ui/form-validator.ts';
import { accessibleTemplates, accessibleWidgets, RJSF_FORM_CLASS } from '../../components/ui/rjsf-templates.tsx';

/**
 * An rjsf arguments form without its own submit button; the caller owns the action button. Loaded lazily. Uses the
 * shared accessible templates, so each control is named exactly by its title (or property name), as in elicitation.
 */
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
      validator={formValidator}
      idPrefix={idPrefix}
      templates={accessibleTemplates}
      widgets={accessibleWidgets}
      uiSchema={{ 'ui:submitButtonOptions': { norender: true } }}
      onChange={(e) => onChange((e.formData ?? {}) as Record<string, unknown>)}
      showErrorList={false}
      className={`rjsf ${RJSF_FORM_CLASS}`}
    />
  );
}
