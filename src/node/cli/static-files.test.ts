import { describe, expect, it } from 'vitest';
import { fileFor } from './static-files.ts';

describe('fileFor', () => {
  it('maps the page and extension-less paths to index.html', () => {
    expect(fileFor('/srv/dist', '/')).toBe('/srv/dist/index.html');
    expect(fileFor('/srv/dist', '/?server=http%3A%2F%2Fx')).toBe('/srv/dist/index.html');
    expect(fileFor('/srv/dist', '/anything')).toBe('/srv/dist/index.html');
    expect(fileFor('/srv/dist', '/assets/app-1.js')).toBe('/srv/dist/assets/app-1.js');
  });

  it('refuses paths that leave the root when they climb or hide a NUL', () => {
    expect(fileFor('/srv/dist', '/../etc/passwd.txt')).toBeUndefined();
    expect(fileFor('/srv/dist', '/%2e%2e/%2e%2e/etc/passwd.txt')).toBeUndefined();
    expect(fileFor('/srv/dist', '/assets/../../dist-other/x.js')).toBeUndefined();
    expect(fileFor('/srv/dist', '/assets/../index.html')).toBe('/srv/dist/index.html');
    expect(fileFor('/srv/dist', '/a%00.js')).toBeUndefined();
    expect(fileFor('/srv/dist', '/%E0%A4%A.js')).toBeUndefined();
  });
});
