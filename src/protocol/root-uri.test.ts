import { describe, expect, it } from 'vitest';
import { checkRootUri, checkRootUris, notAUriReason } from './root-uri.ts';

describe('checkRootUri', () => {
  it('accepts a file:// URI when it is well formed', () => {
    expect(checkRootUri('file:///home/me/project', 0)).toBeUndefined();
    expect(checkRootUri('  FILE:///C:/work%20space  ', 0)).toBeUndefined();
  });

  it('names the root and quotes the text when it is not a URI at all', () => {
    expect(checkRootUri('not a uri', 1)).toStrictEqual({
      index: 1,
      uri: 'not a uri',
      level: 'error',
      message: 'Root 2 is not a URI: "not a uri" (it has no scheme, such as file://).',
    });
  });

  it('refuses a URI of another scheme (client/roots: roots MUST be file:// URIs)', () => {
    const finding = checkRootUri('https://example.com/repo', 0);
    expect(finding?.level).toBe('error');
    expect(finding?.message).toContain('Root 1 is a https: URI, not file://. Roots must be file:// URIs');
  });

  it('refuses file: without // as the SDKs do', () => {
    expect(checkRootUri('file:/home/me', 0)?.level).toBe('error');
  });
});

describe('notAUriReason', () => {
  it('explains the fix when the text is a bare path', () => {
    expect(notAUriReason('/home/me/project')).toContain('write it as file:///');
    expect(notAUriReason('~/project')).toContain('a path, not a URI');
    expect(notAUriReason('C:\\Users\\me')).toContain('a Windows path');
  });

  it('points at the character to percent-encode when the URI holds a space or a forbidden character', () => {
    expect(notAUriReason('file:///my project')).toBe('it contains a space; percent-encode it as %20');
    expect(notAUriReason('file:///a\tb')).toBe('it contains white space; percent-encode it as %09');
    expect(notAUriReason('file:///a"b')).toBe('it contains the character "\\""; percent-encode it as %22');
    expect(notAUriReason('file:///a\u0001b')).toBe('it contains the character "\\u0001"; percent-encode it as %01');
    expect(notAUriReason('file:///a\u00a0b')).toBe(
      'it contains white space; percent-encode it as its UTF-8 bytes (%XX each)',
    );
  });

  it('rejects a broken percent escape when a % is not followed by two hex digits', () => {
    expect(notAUriReason('file:///100%')).toBe('a % is not followed by two hex digits');
    expect(notAUriReason('file:///100%2')).toBe('a % is not followed by two hex digits');
    expect(notAUriReason('file:///100%25')).toBeUndefined();
  });

  it('accepts other well-formed schemes when they are URIs', () => {
    expect(notAUriReason('urn:isbn:0451450523')).toBeUndefined();
    expect(notAUriReason('git+ssh://host/repo.git')).toBeUndefined();
  });
});

describe('checkRootUris', () => {
  it('skips blank rows but keeps the numbering of the list when some rows are empty', () => {
    const findings = checkRootUris(['file:///ok', '', 'not a uri', 'https://x.test/']);
    expect(findings.map((f) => [f.index, f.level])).toStrictEqual([
      [2, 'error'],
      [3, 'error'],
    ]);
    expect(findings[0]?.message).toContain('Root 3 is not a URI: "not a uri"');
  });

  it('returns nothing when every root is a file:// URI', () => {
    expect(checkRootUris(['file:///a', 'file:///b'])).toStrictEqual([]);
  });
});
