/**
 * The one rjsf validator (ajv8) of every form: tool arguments, their check before Call, and elicitation answers.
 * Loaded only with the form chunks, never in the entry bundle.
 *
 * It does not check a schema against JSON Schema's own meta-schema before compiling it: that check compiles the
 * draft-07 meta-schema on a page's first validation, 30-150 ms in the very task of a click (the first Call's argument
 * check, the first Accept of an elicitation form). The schemas it sees are already checked for what they are used as
 * (an elicitation schema by `checkRestrictedSchema`, a tool's by the call panel), and a schema ajv cannot compile is
 * still reported.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';

export const formValidator = customizeValidator({ ajvOptionsOverrides: { validateSchema: false } });
