import { describe, expect, it } from 'vitest';
import { fillTemplate, templateVariables } from './uri-template.ts';

describe('uri templates', () => {
  it('lists the variables of a template when it has several', () => {
    expect(templateVariables('report://{year}/{month}/summary')).toEqual(['year', 'month']);
  });
  it('percent-encodes values when filling', () => {
    expect(fillTemplate('report://{year}/summary', { year: '20 26' })).toBe('report://20%2026/summary');
  });
});
