import { computeExpiresAt, zonedParts } from './validity';

/**
 * Regalo's one working-day calendar (ADR 083): which days in Madrid's time zone are working
 * days for a period that ends on one. Regulation (EEC, Euratom) 1182/71 art. 3(4), which
 * recital 41 of Directive 2011/83/EU applies to the right of withdrawal: when the last day of
 * a period is a public holiday, a Saturday or a Sunday, the period ends with the last hour of
 * the next working day.
 *
 * The public holidays counted are Spain's national ones and the Comunitat Valenciana's (where
 * Regalo and every business it sells for are), as the official lists publish them each year.
 * The city of Valencia's two local holidays are not counted (ADR 083 says why).
 *
 * A year is added here, with its sources, once its lists are published: the BOE publishes the
 * Dirección General de Trabajo's list in October for the next year, the DOGV the Consell's
 * decree (usually in the summer). Production refuses to start while a year it needs is
 * missing (`missingHolidayYears`, read by the server's config); outside production a year
 * without data follows `FALLBACK_RULE`.
 */

type Scope = 'spain' | 'comunitat-valenciana';

interface Holiday {
  /** MM-DD in that year. */
  date: string;
  name: string;
  /** spain: a national holiday kept in every region that year; comunitat-valenciana: one the Consell's decree adds. */
  scope: Scope;
  /** Declared "retribuido y recuperable" (a day off whose hours are worked another day): counted all the same. */
  recoverable?: true;
}

interface HolidayYear {
  year: number;
  /** The official publications the days come from, and what of them could not be checked. */
  sources: readonly string[];
  holidays: readonly Holiday[];
}

const es = (date: string, name: string): Holiday => ({ date, name, scope: 'spain' });
const vc = (date: string, name: string, recoverable?: true): Holiday => ({ date, name, scope: 'comunitat-valenciana', ...(recoverable ? { recoverable } : {}) });

export const HOLIDAY_YEARS: readonly HolidayYear[] = [
  {
    year: 2025,
    sources: [
      'BOE núm. 252, 18 Oct 2024: Resolución de 15 de octubre de 2024, de la Dirección General de Trabajo, por la que se publica la relación de fiestas laborales para el año 2025 (BOE-A-2024-21316)',
      'DOGV 12 Aug 2024: Decreto 100/2024, de 2 de agosto, del Consell, por el que se determina el calendario laboral de aplicación en el ámbito territorial de la Comunitat Valenciana para el año 2025',
    ],
    holidays: [
      es('01-01', 'Año Nuevo'),
      es('01-06', 'Epifanía del Señor'),
      vc('03-19', 'San José'),
      es('04-18', 'Viernes Santo'),
      vc('04-21', 'Lunes de Pascua'),
      es('05-01', 'Fiesta del Trabajo'),
      vc('06-24', 'San Juan', true),
      es('08-15', 'Asunción de la Virgen'),
      vc('10-09', 'Día de la Comunitat Valenciana'),
      es('11-01', 'Todos los Santos'),
      es('12-06', 'Día de la Constitución Española'),
      es('12-08', 'Inmaculada Concepción'),
      es('12-25', 'Natividad del Señor'),
    ],
  },
  {
    year: 2026,
    sources: [
      'BOE of 28 Oct 2025: Resolución de la Dirección General de Trabajo por la que se publica la relación de fiestas laborales para el año 2026 (its date and BOE-A reference were not at hand when this was written: check them on boe.es)',
      'DOGV 2025: Decreto del Consell por el que se determina el calendario laboral de aplicación en el ámbito territorial de la Comunitat Valenciana para el año 2026, approved by the Consell in July 2025 (its number was not at hand: check it on dogv.gva.es)',
    ],
    holidays: [
      es('01-01', 'Año Nuevo'),
      es('01-06', 'Epifanía del Señor'),
      vc('03-19', 'San José'),
      es('04-03', 'Viernes Santo'),
      vc('04-06', 'Lunes de Pascua'),
      es('05-01', 'Fiesta del Trabajo'),
      vc('06-24', 'San Juan'),
      es('08-15', 'Asunción de la Virgen'),
      vc('10-09', 'Día de la Comunitat Valenciana'),
      es('10-12', 'Fiesta Nacional de España'),
      // 1 Nov and 6 Dec fall on a Sunday and are not moved in the Comunitat Valenciana (a Sunday is no working day anyway).
      es('11-01', 'Todos los Santos'),
      es('12-08', 'Inmaculada Concepción'),
      es('12-25', 'Natividad del Señor'),
    ],
  },
  {
    year: 2027,
    sources: [
      "Decreto del Consell por el que se determina el calendario laboral de aplicación en el ámbito territorial de la Comunitat Valenciana para el año 2027, as approved by the Consell's plenary and reported (its DOGV number and date were not at hand: check them on dogv.gva.es)",
      "The BOE's list for 2027 (Dirección General de Trabajo) was not at hand: the national days below are the ones the Consell's decree names, all fixed by Real Decreto 2001/1983 art. 45.1 (15 Aug falls on a Sunday)",
    ],
    holidays: [
      es('01-01', 'Año Nuevo'),
      es('01-06', 'Epifanía del Señor'),
      vc('03-19', 'San José'),
      es('03-26', 'Viernes Santo'),
      vc('03-29', 'Lunes de Pascua'),
      es('05-01', 'Fiesta del Trabajo'),
      vc('10-09', 'Día de la Comunitat Valenciana'),
      es('10-12', 'Fiesta Nacional de España'),
      es('11-01', 'Todos los Santos'),
      es('12-06', 'Día de la Constitución Española'),
      es('12-08', 'Inmaculada Concepción'),
      es('12-25', 'Natividad del Señor'),
    ],
  },
];

/**
 * A year without published data outside production (development, tests, the demo): Saturdays,
 * Sundays and the national holidays whose date is fixed by Real Decreto 2001/1983 art. 45.1;
 * no Easter days and no regional ones. Production never uses it: it refuses to start instead.
 */
export const FALLBACK_RULE = {
  description: 'Saturdays, Sundays and the fixed-date national holidays of Real Decreto 2001/1983 art. 45.1',
  holidays: ['01-01', '01-06', '05-01', '08-15', '10-12', '11-01', '12-06', '12-08', '12-25'],
} as const;

const byYear = new Map(HOLIDAY_YEARS.map((y) => [y.year, new Set(y.holidays.map((h) => h.date))]));
const fallbackHolidays = new Set<string>(FALLBACK_RULE.holidays);

/**
 * How far ahead a server must know the holidays when it starts: a deadline set now ends 14
 * days on, plus the longest run of non-working days (Easter and Christmas give four at most),
 * well inside a month.
 */
export const HOLIDAY_HORIZON_DAYS = 31;

const two = (n: number) => String(n).padStart(2, '0');

/** A day of the calendar, as written in Madrid. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

export function hasHolidayData(year: number): boolean {
  return byYear.has(year);
}

/** Whether a day is a working day: not a Saturday, a Sunday or a public holiday counted here. */
export function isWorkingDay(d: CalendarDay): boolean {
  const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const holidays = byYear.get(d.year) ?? fallbackHolidays;
  return !holidays.has(`${two(d.month)}-${two(d.day)}`);
}

/** Whether a day is one of the public holidays counted here (a weekday or not): bookings close on them unless the business opens (ADR 105). */
export function isPublicHoliday(d: CalendarDay): boolean {
  const holidays = byYear.get(d.year) ?? fallbackHolidays;
  return holidays.has(`${two(d.month)}-${two(d.day)}`);
}

/** The day `d` or, when it is no working day, the first working day after it. */
export function firstWorkingDayFrom(d: CalendarDay): CalendarDay {
  for (let offset = 0; ; offset++) {
    const t = new Date(Date.UTC(d.year, d.month - 1, d.day + offset));
    const candidate = { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
    if (isWorkingDay(candidate)) return candidate;
  }
}

/**
 * The end of a period whose last calendar day holds `lastDayEnd`: that day's last instant in
 * Madrid when it is a working day, else the last instant of the next working day (art. 3(4)).
 * Applied to an end that is already a working day's, it gives that end back.
 */
export function extendToWorkingDay(lastDayEnd: Date): Date {
  const p = zonedParts(lastDayEnd);
  const from = Date.UTC(p.year, p.month - 1, p.day);
  const w = firstWorkingDayFrom({ year: p.year, month: p.month, day: p.day });
  const extraDays = Math.round((Date.UTC(w.year, w.month - 1, w.day) - from) / 86_400_000);
  return computeExpiresAt(lastDayEnd, extraDays);
}

/**
 * A period of `days` calendar days counted in Madrid from the day after `from`, ending with
 * the last instant (23:59:59.999 Madrid) of its last day, moved on to the next working day
 * when that one is not (Regulation 1182/71 art. 3(1), (2)(b) and (4)).
 */
export function periodEndOnWorkingDay(from: Date, days: number): Date {
  return extendToWorkingDay(computeExpiresAt(from, days));
}

/** The years a server starting at `now` needs data for, and has none (ADR 083). */
export function missingHolidayYears(now: Date): number[] {
  const first = zonedParts(now).year;
  const last = zonedParts(new Date(now.getTime() + HOLIDAY_HORIZON_DAYS * 86_400_000)).year;
  const missing: number[] = [];
  for (let year = first; year <= last; year++) if (!hasHolidayData(year)) missing.push(year);
  return missing;
}
