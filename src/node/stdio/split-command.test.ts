import { describe, expect, it } from 'vitest';
import { splitCommand } from './split-command.ts';

describe('splitCommand', () => {
  it('splits words and keeps quoted spaces when the command has quotes', () => {
    expect(splitCommand(`node "my server.js" --name 'a b' plain\\ space`)).toEqual([
      'node',
      'my server.js',
      '--name',
      'a b',
      'plain space',
    ]);
  });

  it('expands nothing when the text has shell syntax', () => {
    expect(splitCommand('echo $HOME; rm -rf ~ | cat `id`')).toEqual([
      'echo',
      '$HOME;',
      'rm',
      '-rf',
      '~',
      '|',
      'cat',
      '`id`',
    ]);
  });

  it('keeps an empty quoted argument and refuses an unterminated quote', () => {
    expect(splitCommand(`cmd "" x`)).toEqual(['cmd', '', 'x']);
    expect(() => splitCommand(`cmd "open`)).toThrow('unterminated " quote');
    expect(() => splitCommand('   ')).toThrow('empty');
  });
});
