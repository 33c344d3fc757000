import { describe, expect, it } from 'vitest';
import { longestFrameMs, snapToVsync } from './scroll-script.ts';

const VSYNC = 1000 / 60;

describe('a frame in whole refresh intervals', () => {
  it('reads a delta within timer jitter of k intervals as k intervals', () => {
    expect(snapToVsync(50.1, VSYNC)).toBe(50);
    expect(snapToVsync(49.9, VSYNC)).toBe(50);
    expect(snapToVsync(33.5, VSYNC)).toBe(33.3);
    expect(snapToVsync(16.8, 16.7)).toBe(16.7);
  });

  it('keeps a delta that is no whole number of intervals as it is', () => {
    expect(snapToVsync(51.7, VSYNC)).toBe(51.7);
    expect(snapToVsync(58, VSYNC)).toBe(58);
    expect(snapToVsync(4, VSYNC)).toBe(4);
  });

  it('takes the longest long-animation-frame entry when it is longer', () => {
    expect(longestFrameMs({ maxFrameMs: 50.1, vsyncMs: VSYNC, maxLongFrameMs: 0 })).toBe(50);
    expect(longestFrameMs({ maxFrameMs: 50.1, vsyncMs: VSYNC, maxLongFrameMs: 50.6 })).toBe(50.6);
    expect(longestFrameMs({ maxFrameMs: 66.7, vsyncMs: VSYNC, maxLongFrameMs: 52 })).toBe(66.7);
  });
});
