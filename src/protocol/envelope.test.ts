import { describe, expect, it } from 'vitest';
import { envelope, META_LOG_LEVEL, requestOptionsOrNone, traceparentProblem } from './envelope.ts';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION } from './types.ts';

const TRACE = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('envelope', () => {
  it('holds only the three required members when no request option is set', () => {
    expect(Object.keys(envelope())).toEqual([META_PROTOCOL_VERSION, META_CLIENT_CAPABILITIES, META_CLIENT_INFO]);
  });

  it('adds progressToken, the logLevel key and traceparent when the options set them', () => {
    const meta = envelope({ options: { progressToken: 'progress-1', logLevel: 'debug', traceparent: TRACE } });
    expect(meta.progressToken).toBe('progress-1');
    expect(meta[META_LOG_LEVEL]).toBe('debug');
    expect(META_LOG_LEVEL).toBe('io.modelcontextprotocol/logLevel');
    expect(meta.traceparent).toBe(TRACE);
  });

  it('keeps a numeric progressToken a number when the options carry one', () => {
    expect(envelope({ options: { progressToken: 7 } }).progressToken).toBe(7);
  });

  it('leaves out an empty traceparent when the field was cleared', () => {
    expect('traceparent' in envelope({ options: { traceparent: '' } })).toBe(false);
  });
});

describe('requestOptionsOrNone', () => {
  it('returns undefined when nothing is asked for', () => {
    expect(requestOptionsOrNone({ traceparent: '  ', progressToken: '' })).toBeUndefined();
  });

  it('keeps the set members and trims the traceparent when some are set', () => {
    expect(requestOptionsOrNone({ logLevel: 'info', traceparent: ` ${TRACE} ` })).toEqual({
      logLevel: 'info',
      traceparent: TRACE,
    });
  });
});

describe('traceparentProblem', () => {
  it('accepts a W3C traceparent when it has the 2-32-16-2 lowercase hex shape', () => {
    expect(traceparentProblem(TRACE)).toBeUndefined();
  });

  it('names the expected shape when the value is not a traceparent', () => {
    expect(traceparentProblem('abc')).toMatch(/version-traceid-parentid-flags/);
    expect(traceparentProblem(TRACE.toUpperCase())).toMatch(/lowercase hex/);
  });

  it('says the trace id is invalid when it is all zeros', () => {
    expect(traceparentProblem(`00-${'0'.repeat(32)}-00f067aa0ba902b7-01`)).toMatch(/trace id is all zeros/);
  });
});
