import type { BookingSession } from '@shared/contracts/bookings';
import type { SessionRow } from '../../domain/bookings/booking-calendar';

export const toBookingSession = (row: SessionRow): BookingSession => ({
  id: row.id,
  kind: row.kind as BookingSession['kind'],
  isoWeekday: row.isoWeekday,
  onDate: row.onDate,
  startTime: row.startTime,
  lengthMinutes: row.lengthMinutes,
  places: row.places,
  giftIds: row.giftIds,
  withdrawn: row.withdrawnAt !== null,
});
