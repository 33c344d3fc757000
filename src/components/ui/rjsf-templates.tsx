/**
 * rjsf templates and widgets for elicitation forms. They exist for one reason: every control's accessible name must
 * be exactly the field's title (or property name). rjsf's defaults put the required `*` inside the `<label>` and give
 * checkbox groups no name at all; here the marker sits outside the label (aria-hidden; the input carries `required`)
 * and groups are named with `aria-labelledby`. All text is rendered as React text, never HTML.
 */
import type { ChangeEvent } from 'react';
import type {
  ErrorListProps,
  FieldErrorProps,
  FieldTemplateProps,
  RegistryWidgetsType,
  TemplatesType,
  WidgetProps,
} from '@rjsf/utils';
import { ariaDescribedByIds, descriptionId, errorId, getUiOptions } from '@rjsf/utils';

/** The id of the element naming a field (its `<label>` or, for groups, a `<span>`). */
export const labelId = (id: string) => `${id}__label`;

function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-600" title="required">
      *
    </span>
  );
}

function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, hidden, required, schema, uiSchema, rawDescription } = props;
  if (hidden) return <div className="hidden">{children}</div>;
  if (schema.type === 'object') return <div className="flex flex-col gap-3">{children}</div>;
  const widget = getUiOptions(uiSchema).widget;
  const isGroup = widget === 'checkboxes';
  const isCheckbox = widget === 'checkbox';
  return (
    <div className="flex flex-col gap-1">
      {!isCheckbox &&
        (isGroup ? (
          <span id={labelId(id)} className="text-sm font-medium text-slate-800">
            {label}
            {required && <RequiredMark />}
          </span>
        ) : (
          <div className="text-sm font-medium text-slate-800">
            <label id={labelId(id)} htmlFor={id}>
              {label}
            </label>
            {required && <RequiredMark />}
          </div>
        ))}
      {!isCheckbox && rawDescription && (
        <p id={descriptionId(id)} className="text-xs text-slate-600">
          {rawDescription}
        </p>
      )}
      {children}
      {errors}
      {help}
    </div>
  );
}

function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  const list = errors.filter((e) => !!e);
  if (list.length === 0) return null;
  return (
    <ul id={errorId(fieldPathId)} className="text-xs text-red-700">
      {list.map((error, i) => (
        <li key={i}>{error}</li>
      ))}
    </ul>
  );
}

function ErrorListTemplate({ errors }: ErrorListProps) {
  return (
    <div role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-900">
      <p className="font-medium">The answer does not match the server&apos;s schema:</p>
      <ul className="ml-4 list-disc">
        {errors.map((error, i) => (
          <li key={i}>{error.stack}</li>
        ))}
      </ul>
    </div>
  );
}

function CheckboxWidget({
  id,
  value,
  label,
  required,
  disabled,
  readonly,
  onChange,
  onBlur,
  onFocus,
  schema,
}: WidgetProps) {
  const description = typeof schema.description === 'string' ? schema.description : undefined;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2 text-sm text-slate-800">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            id={id}
            checked={value === true}
            required={required}
            disabled={disabled || readonly}
            onChange={(e) => onChange(e.target.checked)}
            onBlur={(e) => onBlur(id, e.target.checked)}
            onFocus={(e) => onFocus(id, e.target.checked)}
            aria-describedby={ariaDescribedByIds(id)}
          />
          <span>{label}</span>
        </label>
        {required && <RequiredMark />}
      </div>
      {description && (
        <p id={descriptionId(id)} className="text-xs text-slate-600">
          {description}
        </p>
      )}
    </div>
  );
}

function CheckboxesWidget({ id, value, options, disabled, readonly, onChange }: WidgetProps) {
  const enumOptions = options.enumOptions ?? [];
  const selected = new Set<unknown>(Array.isArray(value) ? value : []);
  const toggle = (optionValue: unknown) => (e: ChangeEvent<HTMLInputElement>) => {
    const next = new Set(selected);
    if (e.target.checked) next.add(optionValue);
    else next.delete(optionValue);
    onChange(enumOptions.filter((o) => next.has(o.value)).map((o) => o.value));
  };
  return (
    <div
      id={id}
      role="group"
      aria-labelledby={labelId(id)}
      aria-describedby={ariaDescribedByIds(id)}
      className="flex flex-col gap-1"
    >
      {enumOptions.map((option, i) => (
        <label key={String(option.value)} className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            id={`${id}-${i}`}
            checked={selected.has(option.value)}
            disabled={disabled || readonly}
            onChange={toggle(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

export const elicitTemplates: Partial<TemplatesType> = {
  FieldTemplate,
  FieldErrorTemplate,
  ErrorListTemplate,
};

export const elicitWidgets: RegistryWidgetsType = {
  CheckboxWidget,
  CheckboxesWidget,
};
