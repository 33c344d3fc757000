/**
 * The one rjsf validator (ajv8) of every form: tool arguments, their check before Call, and elicitation answers.
 * Loaded only with the form chunks, never in the entry bundle.
 *
 * It does not check a schema against JSON Schema's own meta-schema before compiling it: that check compiles the
 * draft-07 meta-schema on a page's first validation, 30-150 ms in the very task of a click (the first Call's argument
 * check, the first Accept of an elicitation form). An elicitation schema has passed `checkRestrictedSchema` before it
 * is rendered, and a schema ajv cannot compile is still reported (for a tool's, by the argument check before Call).
 */
import { customizeValidator } from '@rjsf/validator-ajv8';

export const formValidator = customizeValidator({ ajvOptionsOverrides: { validateSchema: false } });
