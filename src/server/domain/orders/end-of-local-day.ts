import { addDays, startOfLocalDay } from '@shared/domain/analytics';

/** The last instant of a calendar day in Valencia (gifts expire at the end of the day). */
export function endOfLocalDay(date: string): Date {
  return new Date(startOfLocalDay(addDays(date, 1)).getTime() - 1);
}
