import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseRequirements, readRequirements, readResults } from './server-suite.ts';

describe('parseRequirements', () => {
  it('reads the server list and the server legs of not_scored, skipping comments and client entries', () => {
    const yaml = [
      '# comment',
      'server:',
      '  - caching',
      '  - tools-list',
      '',
      'client:',
      '  - tools_call',
      'not_scored:',
      '  - scenario: auth/dpop',
      '    leg: client',
      '    reason: extension',
      '  - scenario: json-schema-2020-12',
      '    leg: server',
      '    reason: pending',
      '    note: >-',
      '      the reference fixture cannot pass it yet',
    ].join('\n');
    expect(parseRequirements('x', yaml)).toEqual({
      revision: 'x',
      required: ['caching', 'tools-list'],
      notScored: ['json-schema-2020-12'],
    });
  });

  it('throws when the file names no server scenarios', () => {
    expect(() => parseRequirements('x', 'client:\n  - tools_call\n')).toThrow(/names no server scenarios/);
  });

  it('reads the 37 required server scenarios of the frozen 2026-07-28 set from the installed suite', () => {
    const set = readRequirements('2026-07-28');
    expect(set.required).toHaveLength(37);
    expect(set.required).toContain('completion-complete');
    expect(set.notScored).toEqual(expect.arrayContaining(['json-schema-2020-12', 'tasks-lifecycle']));
    expect(set.notScored).not.toContain('auth/dpop');
  });

  it('names a missing requirement set in its error', () => {
    expect(() => readRequirements('1999-01-01')).toThrow(/no requirement set 1999-01-01/);
  });
});

describe('readResults', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, checks: unknown) => {
    mkdirSync(join(dir, name), { recursive: true });
    writeFileSync(join(dir, name, 'checks.json'), JSON.stringify(checks));
  };

  it('finds each scenario by its exact name, takes the newest run, and ignores longer names', () => {
    dir = mkdtempSync(join(tmpdir(), 'server-suite-test-'));
    write('server-tools-list-2026-11-24T20-14-07-076Z', [{ id: 'old', status: 'FAILURE' }]);
    write('server-tools-list-2026-11-24T20-15-07-076Z', [{ id: 'new', status: 'SUCCESS' }]);
    write('server-tools-list-extra-2026-11-24T20-16-07-076Z', [{ id: 'other', status: 'SUCCESS' }]);
    mkdirSync(join(dir, 'server-caching-2026-11-24T20-17-00-000Z')); // started, no checks.json
    const results = readResults(dir, ['tools-list', 'caching', 'prompts-list']);
    expect([...results.keys()]).toEqual(['tools-list']);
    expect(results.get('tools-list')).toEqual({
      scenario: 'tools-list',
      checks: [{ id: 'new', status: 'SUCCESS' }],
      startedAt: Date.parse('2026-11-24T20:15:07.076Z'),
    });
  });
});
