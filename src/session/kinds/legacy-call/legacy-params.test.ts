import { describe, expect, it } from 'vitest';
import { legacyCallParams } from './legacy-params.ts';

describe('legacyCallParams', () => {
  it("puts the call's progressToken and traceparent in _meta, as 2025-11-25 carries them", () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    expect(
      legacyCallParams({ name: 'slow', arguments: { n: 1 } }, { progressToken: 'p-1', logLevel: 'info', traceparent }),
    ).toEqual({ name: 'slow', arguments: { n: 1 }, _meta: { progressToken: 'p-1', traceparent } });
  });

  it('leaves the params as they are without request options, and keeps a _meta the params already had', () => {
    const params = { name: 'echo' };
    expect(legacyCallParams(params, undefined)).toBe(params);
    expect(legacyCallParams({ name: 'e', _meta: { mine: 1 } }, { progressToken: 3 })).toEqual({
      name: 'e',
      _meta: { mine: 1, progressToken: 3 },
    });
  });
});
