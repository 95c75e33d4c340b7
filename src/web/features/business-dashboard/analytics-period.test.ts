import { describe, expect, it } from 'vitest';
import { presetPeriod } from './analytics-period';

describe('presetPeriod', () => {
  // 23:30 UTC on 31 Dec is already 1 Jan in Valencia.
  const newYearInValencia = new Date('2026-12-31T23:30:00Z');
  const midNovember = new Date('2026-11-21T10:00:00Z');

  it('counts the last days including today', () => {
    expect(presetPeriod('last7', midNovember)).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(presetPeriod('last30', midNovember)).toEqual({ from: '2026-10-23', to: '2026-11-21' });
    expect(presetPeriod('last90', midNovember)).toEqual({ from: '2026-08-24', to: '2026-11-21' });
  });

  it('uses the calendar day in Valencia, not in UTC', () => {
    expect(presetPeriod('thisYear', newYearInValencia)).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(presetPeriod('thisYear', midNovember)).toEqual({ from: '2026-01-01', to: '2026-11-21' });
  });
});
