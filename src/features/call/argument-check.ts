/**
 * Checks a call's arguments against the target's schema with the validator the argument forms use (rjsf's ajv8), so
 * what the form marks and what blocks Call tool agree. Loaded with the form's chunk, never in the entry bundle.
 */
import type { RJSFSchema } from '@rjsf/utils';
import { formValidator } from '../../components/ui/form-validator.ts';

// ajv keeps every schema object it compiled, by identity: one object per distinct schema text, so a tool's schema is
// compiled once rather than at every Call (each compile was new code and a new cache entry that stayed)
const checkedByText = new Map<string, RJSFSchema>();

/**
 * The schema ajv checks: without `$schema` (tool schemas from the SDKs name draft 2020-12, which this ajv build cannot
 * load: the keywords are checked), and the same object for the same schema text.
 */
export function checkedSchema(schema: RJSFSchema): RJSFSchema {
  const { $schema: _dialect, ...checked } = schema;
  const key = JSON.stringify(checked);
  const known = checkedByText.get(key);
  if (known) return known;
  checkedByText.set(key, checked);
  return checked;
}

/**
 * Compiles the schema ahead of the first Call (the call panel asks for it in a long idle period after a pick): a
 * first compile is 30-70 ms of ajv's code generation, which otherwise ran in the task of the Call click.
 */
export function warmArgumentCheck(schema: RJSFSchema): void {
  formValidator.validateFormData({}, checkedSchema(schema));
}

/** One plain sentence per problem ("city is required", "nights must be <= 14"); empty when the arguments are valid. */
export function argumentProblems(schema: RJSFSchema, values: Record<string, unknown>): string[] {
  const { errors } = formValidator.validateFormData(values, checkedSchema(schema));
  const out: string[] = [];
  for (const e of errors) {
    const params = (e.params ?? {}) as { missingProperty?: string };
    const where = (e.property ?? '').replace(/^\./, '');
    const text =
      e.name === 'required' && params.missingProperty
        ? `${where || params.missingProperty} is required`
        : `${where || 'the arguments'} ${e.message ?? 'is invalid'}`;
    if (!out.includes(text)) out.push(text);
  }
  return out;
}
