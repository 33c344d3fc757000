import { describe, expect, it } from 'vitest';
import { groupDigits, localDateTime, plural, timeOfDay } from './text.ts';

describe('groupDigits', () => {
  it('writes digit groups as en-US Intl does when given integers', () => {
    for (const n of [0, 7, 999, 1000, 12345, 1048576, 32000000, -4096, Number.MAX_SAFE_INTEGER]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('keeps the fraction ungrouped when given a decimal', () => {
    expect(groupDigits(1234.5)).toBe('1,234.5');
    expect(groupDigits(0.25)).toBe('0.25');
  });

  it('leaves non-finite numbers as they print when given NaN or Infinity', () => {
    expect(groupDigits(NaN)).toBe('NaN');
    expect(groupDigits(Infinity)).toBe('Infinity');
  });
});

describe('plural', () => {
  it('adds an s when the count is not one', () => {
    expect(plural(1, 'leg')).toBe('1 leg');
    expect(plural(3, 'leg')).toBe('3 legs');
  });
});

describe('timeOfDay', () => {
  it('writes the local time on a 24-hour clock with zero padding', () => {
    expect(timeOfDay(new Date(2026, 0, 2, 9, 5, 1).getTime())).toBe('09:05:01');
    expect(timeOfDay(new Date(2026, 0, 2, 23, 59, 59).getTime())).toBe('23:59:59');
  });

  it('writes nothing for a time that is not a number', () => {
    expect(timeOfDay(Number.NaN)).toBe('');
  });
});

describe('localDateTime', () => {
  it('writes the local date year first, then the time of day', () => {
    expect(localDateTime(new Date(2026, 10, 28, 14, 3, 7).getTime())).toBe('2026-11-28 14:03:07');
    expect(localDateTime(new Date(999, 0, 5, 0, 0, 0).getTime())).toBe('999-01-05 00:00:00');
  });

  it('agrees with the locale format on the same instant (same fields, no Intl)', () => {
    const at = new Date(2026, 6, 28, 8, 9, 10).getTime();
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
    expect(localDateTime(at)).toBe(
      `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`,
    );
  });

  it('writes nothing for a date that is not valid', () => {
    expect(localDateTime(Number.NaN)).toBe('');
  });
});
