import { describe, expect, it } from 'vitest';
import { missingCapabilitiesOf } from './capability-recovery.ts';
import type { JsonValue } from './types.ts';

const err = (data: JsonValue | undefined) => ({
  kind: 'error' as const,
  error: { code: -32021, message: 'missing', data },
});

describe('missingCapabilitiesOf (basic/utilities/mrtr: -32021 data.requiredCapabilities)', () => {
  it('reads a capabilities object when the server names elicitation modes and sampling', () => {
    expect(missingCapabilitiesOf(err({ requiredCapabilities: { elicitation: { url: {} }, sampling: {} } }))).toEqual([
      { flag: 'url', label: 'elicitation.url' },
      { flag: 'sampling', label: 'sampling' },
    ]);
  });

  it('reads bare elicitation as the form mode and a list of names', () => {
    expect(missingCapabilitiesOf(err({ requiredCapabilities: { elicitation: {} } }))).toEqual([
      { flag: 'form', label: 'elicitation.form' },
    ]);
    expect(missingCapabilitiesOf(err({ requiredCapabilities: ['roots', 'elicitation.url', 'tasks'] }))).toEqual([
      { flag: 'roots', label: 'roots' },
      { flag: 'url', label: 'elicitation.url' },
    ]);
  });

  it('reads the tasks extension when the server names it under extensions or by its id', () => {
    expect(
      missingCapabilitiesOf(err({ requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } })),
    ).toEqual([{ flag: 'tasks', label: 'the tasks extension' }]);
    expect(missingCapabilitiesOf(err({ requiredCapabilities: ['io.modelcontextprotocol/tasks'] }))).toEqual([
      { flag: 'tasks', label: 'the tasks extension' },
    ]);
  });

  it('returns an empty list when data names nothing declarable, and undefined for other outcomes', () => {
    expect(missingCapabilitiesOf(err(undefined))).toEqual([]);
    expect(missingCapabilitiesOf({ kind: 'error', error: { code: -32602, message: 'x' } })).toBeUndefined();
  });
});
