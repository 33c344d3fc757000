/**
 * Shared rjsf templates and widgets (elicitation forms and tool/prompt/resource argument forms). They exist for one
 * reason: every control's accessible name must be exactly the field's title (or property name). rjsf's defaults put
 * the required `*` inside the `<label>` and give checkbox groups no name at all; here the marker sits outside the label
 * (aria-hidden; the input carries `required`) and groups are named with `aria-labelledby`. Objects and plain arrays
 * keep rjsf's own fieldset + legend. All text is rendered as React text, never HTML.
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

/** Tailwind classes for an rjsf `<form>` using these templates (inputs and selects get a border). */
export const RJSF_FORM_CLASS = [
  'flex flex-col gap-3',
  '[&_input:not([type=checkbox])]:rounded [&_input:not([type=checkbox])]:border [&_input:not([type=checkbox])]:border-slate-300',
  '[&_input:not([type=checkbox])]:px-2 [&_input:not([type=checkbox])]:py-1 [&_input:not([type=checkbox])]:text-sm',
  '[&_select]:rounded [&_select]:border [&_select]:border-slate-300 [&_select]:px-2 [&_select]:py-1 [&_select]:text-sm',
  '[&_legend]:text-sm [&_legend]:font-medium [&_fieldset]:flex [&_fieldset]:flex-col [&_fieldset]:gap-2',
].join(' ');

/** The id of the element naming a field (its `<label>` or, for groups, a `<span>`). */
const labelId = (id: string) => `${id}__label`;

function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 shrink-0 text-red-600" title="required" data-required-mark="">
      *
    </span>
  );
}

function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, hidden, required, schema, uiSchema, rawDescription, displayLabel } = props;
  if (hidden) return <div className="hidden">{children}</div>;
  if (schema.type === 'object') return <div className="flex flex-col gap-3">{children}</div>;
  const widget = getUiOptions(uiSchema).widget;
  const isGroup = widget === 'checkboxes';
  // A boolean rendered as a checkbox carries its own label (CheckboxWidget); objects and plain arrays render a legend.
  const isCheckbox = schema.type === 'boolean' && (widget === undefined || widget === 'checkbox');
  const showLabel = !isCheckbox && (displayLabel !== false || isGroup);
  return (
    <div className="flex flex-col gap-1">
      {showLabel &&
        (isGroup ? (
          <span id={labelId(id)} className="text-sm font-medium text-slate-800">
            {label}
            {required && <RequiredMark />}
          </span>
        ) : (
          // a row, so the required mark stays beside the label even where labels are blocks (the argument forms)
          <div className="flex items-baseline text-sm font-medium text-slate-800">
            <label id={labelId(id)} htmlFor={id}>
              {label}
            </label>
            {required && <RequiredMark />}
          </div>
        ))}
      {showLabel && rawDescription && (
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
      <p className="font-medium">The values do not match the server&apos;s schema:</p>
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

/** Templates that keep every accessible name exact (see the file comment). */
export const accessibleTemplates: Partial<TemplatesType> = {
  FieldTemplate,
  FieldErrorTemplate,
  ErrorListTemplate,
};

/** Checkbox and checkbox-group widgets named by the field's title. */
export const accessibleWidgets: RegistryWidgetsType = {
  CheckboxWidget,
  CheckboxesWidget,
};
