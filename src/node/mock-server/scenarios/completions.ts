/**
 * Completion sources (`completion/complete`) of the reference prompt and template arguments. The SDK declares the
 * `completions` capability and answers `completion/complete` once a prompt argument is wrapped in `completable()` or
 * a resource template has a `complete` callback; these functions are those callbacks:
 *
 * - prompt `test_prompt_with_arguments`, argument `arg1`: words starting with the typed value (case-insensitive);
 *   the conformance scenario `completion-complete` asks for `arg1` = "test".
 * - the same prompt, argument `arg2`: depends on `context.arguments.arg1` (the spec's completion context), e.g.
 *   arg1 "hello" offers "world" and "there".
 * - resource template `test://template/{id}/data`, variable `id`: the sample ids starting with the typed digits.
 */

/** Values `arg1` of `test_prompt_with_arguments` completes from. */
const ARG1_VALUES = ['hello', 'help', 'paris', 'park', 'party', 'test', 'testValue1', 'testing'] as const;

/** Values `arg2` completes from, by the `arg1` already chosen; any other `arg1` gets all of them. */
const ARG2_BY_ARG1: Readonly<Record<string, readonly string[]>> = {
  hello: ['world', 'there'],
  help: ['me', 'wanted'],
  test: ['suite', 'case'],
  testValue1: ['testValue2'],
};

/** Ids `test://template/{id}/data` completes from. */
const TEMPLATE_IDS = ['100', '123', '200', '404', '999'] as const;

function startingWith(values: readonly string[], typed: string): string[] {
  const prefix = typed.toLowerCase();
  return values.filter((v) => v.toLowerCase().startsWith(prefix));
}

export function completeArg1(typed: string): string[] {
  return startingWith(ARG1_VALUES, typed);
}

export function completeArg2(typed: string, context?: { arguments?: Record<string, string> }): string[] {
  const arg1 = context?.arguments?.arg1;
  const pool =
    arg1 !== undefined && ARG2_BY_ARG1[arg1] ? ARG2_BY_ARG1[arg1] : [...new Set(Object.values(ARG2_BY_ARG1).flat())];
  return startingWith(pool, typed);
}

export function completeTemplateId(typed: string): string[] {
  return startingWith(TEMPLATE_IDS, typed);
}
