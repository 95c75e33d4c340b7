import { addDays, localDateOf } from '@shared/domain/analytics';

export const periodPresets = ['last7', 'last30', 'last90', 'thisYear', 'custom'] as const;
export type PeriodPreset = (typeof periodPresets)[number];

const presetDays = { last7: 7, last30: 30, last90: 90 } as const;

/** The calendar days (Europe/Madrid, inclusive) a preset covers on the day `now` falls on. */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, now: Date): { from: string; to: string } {
  const today = localDateOf(now);
  if (preset === 'thisYear') return { from: `${today.slice(0, 4)}-01-01`, to: today };
  return { from: addDays(today, -(presetDays[preset] - 1)), to: today };
}
