import type { Outcome } from './classify.ts';
import type { CapabilityFlag } from './envelope.ts';
import { isJsonObject } from './types.ts';

/** A capability a -32021 answer says the request needed, as this client can declare it. */
export interface MissingCapability {
  flag: CapabilityFlag;
  /** how the button names it: `elicitation.form`, `sampling`, … */
  label: string;
}

const LABELS: Record<CapabilityFlag, string> = {
  form: 'elicitation.form',
  url: 'elicitation.url',
  sampling: 'sampling',
  roots: 'roots',
  tasks: 'the tasks extension',
};

const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

function flagsOf(name: string, value: unknown): CapabilityFlag[] {
  if (name === 'sampling' || name === 'roots') return [name];
  if (name === TASKS_EXTENSION || name === `extensions.${TASKS_EXTENSION}`) return ['tasks'];
  if (name === 'extensions') return isJsonObject(value) && Object.hasOwn(value, TASKS_EXTENSION) ? ['tasks'] : [];
  if (name === 'elicitation.form' || name === 'elicitation.url') return [name === 'elicitation.form' ? 'form' : 'url'];
  if (name !== 'elicitation') return [];
  // elicitation without a mode (or {}) means form, the default mode
  if (!isJsonObject(value) || Object.keys(value).length === 0) return ['form'];
  return (['form', 'url'] as const).filter((m) => Object.hasOwn(value, m));
}

/**
 * What a -32021 ("missing client capability", 2026-07-28 basic/utilities/mrtr) answer asks for, read from
 * `error.data.requiredCapabilities`: a capabilities object (`{ "elicitation": { "url": {} } }`) or a list of names
 * (`["sampling", "elicitation.url"]`). Undefined for any other outcome; an empty list when the server named nothing
 * this client can declare.
 */
export function missingCapabilitiesOf(outcome: Outcome): MissingCapability[] | undefined {
  if (outcome.kind !== 'error' || outcome.error.code !== -32021) return undefined;
  const data = outcome.error.data;
  const required = isJsonObject(data) ? data.requiredCapabilities : undefined;
  const flags: CapabilityFlag[] = [];
  if (Array.isArray(required)) {
    for (const name of required) if (typeof name === 'string') flags.push(...flagsOf(name, undefined));
  } else if (isJsonObject(required)) {
    for (const [name, value] of Object.entries(required)) flags.push(...flagsOf(name, value));
  }
  return [...new Set(flags)].map((flag) => ({ flag, label: LABELS[flag] }));
}
