import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  it('loads once, and has the module at hand after it arrived', async () => {
    const loader = vi.fn(async () => ({ answer: 42 }));
    const lazy = loadOnce(loader);
    expect(lazy.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toBe(b);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(lazy.loaded()).toEqual({ answer: 42 });
  });

  it('tries again after a failed load', async () => {
    const loader = vi.fn().mockRejectedValueOnce(new Error('chunk lost')).mockResolvedValueOnce('ok');
    const lazy = loadOnce(loader);
    await expect(lazy.load()).rejects.toThrow('chunk lost');
    await expect(lazy.load()).resolves.toBe('ok');
  });
});
