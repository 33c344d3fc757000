import { describe, expect, it } from 'vitest';
import { pickerOptions, type SavedConnectionEntry } from './saved-connections.tsx';

const saved: SavedConnectionEntry = {
  id: 'c1',
  label: 'Mock: chaos',
  url: 'http://m/chaos',
};

describe('saved connection picker', () => {
  it('lists saved connections first and leaves out endpoints that are already saved', () => {
    const endpoints = [
      { label: 'Mock: main', url: 'http://m/mcp' },
      { label: 'Mock: chaos', url: 'http://m/chaos' },
    ];
    expect(pickerOptions([saved], endpoints)).toEqual([
      { value: 'saved:c1', label: 'Mock: chaos: http://m/chaos' },
      { value: 'endpoint:http://m/mcp', label: 'Mock: main: http://m/mcp' },
    ]);
  });
});
