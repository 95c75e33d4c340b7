import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingSessionInput, BookingSetup, BusinessBooking } from '@shared/contracts/bookings';
import { addDays, localDateOf } from '@shared/domain/analytics';
import { instantToMadridLocal } from '@shared/domain/delivery-time';
import { weekdayName } from '@shared/domain/gift-conditions';
import { formatFullDate } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { apiRequest } from '@web/lib/api-client';
import { useText } from '@web/lib/text';
import { reportApiError } from '@web/components/signed-in-area';

/**
 * The Bookings tab (ADR 105): the times the business offers (weekly and one-off sessions),
 * its settings and closed days, and the bookings of a day or a week, readable on a phone at
 * the counter. Loaded only when opened, so the dashboard's first load does not grow.
 */
const keys = { setup: ['dashboard', 'booking-setup'] as const, bookings: (from: string, days: number) => ['dashboard', 'bookings', from, days] as const };
const settings = { texts: 'dashboard' } as const;
const selectClasses = 'block min-h-11 w-full rounded-md border border-stone-400 bg-white px-3 py-2';

export function BookingsTab() {
  return (
    <div className="flex flex-col gap-6">
      <DayView />
      <Sessions />
    </div>
  );
}

function DayView() {
  const { t, language } = useText('dashboard');
  const [from, setFrom] = useState(() => localDateOf(new Date()));
  const [days, setDays] = useState<1 | 7>(1);
  const list = useQuery({
    queryKey: keys.bookings(from, days),
    queryFn: ({ signal }) => apiRequest<{ bookings: BusinessBooking[] }>(`/api/business/bookings?from=${from}&days=${days}`, { signal }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('bookings.dayTitle')}</CardTitle>
        <CardDescription>{t('bookings.dayLead')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end gap-2">
          <Button type="button" variant="outline" onClick={() => setFrom(addDays(from, -days))}>
            {t('bookings.previous')}
          </Button>
          <Field label={t('bookings.from')}>
            <Input type="date" value={from} onChange={(event) => event.target.value && setFrom(event.target.value)} />
          </Field>
          <Button type="button" variant="outline" onClick={() => setFrom(addDays(from, days))}>
            {t('bookings.next')}
          </Button>
          <Button type="button" variant={days === 1 ? 'primary' : 'outline'} aria-pressed={days === 1} onClick={() => setDays(1)}>
            {t('bookings.day')}
          </Button>
          <Button type="button" variant={days === 7 ? 'primary' : 'outline'} aria-pressed={days === 7} onClick={() => setDays(7)}>
            {t('bookings.week')}
          </Button>
        </div>
        {list.data && list.data.bookings.length === 0 ? <p data-testid="bookings-empty">{t('bookings.empty')}</p> : null}
        <ul className="flex flex-col gap-3" data-testid="bookings-list">
          {list.data?.bookings.map((booking) => (
            <BookingRow key={booking.id} booking={booking} language={language} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function BookingRow({ booking, language }: { booking: BusinessBooking; language: string }) {
  const { t } = useText('dashboard');
  const client = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useMutation({
    mutationFn: () => apiRequest(`/api/business/bookings/${booking.id}/cancel`, { method: 'POST', body: { reason } }),
    onSuccess: async () => {
      toast.success(t('bookings.cancelled'));
      setCancelling(false);
      await client.invalidateQueries({ queryKey: ['dashboard', 'bookings'] });
    },
    onError: (error) => reportApiError(settings, error),
  });
  const start = new Date(booking.startsAt);
  const isCancelled = booking.status === 'cancelled';
  return (
    <li className={`rounded-lg border p-3 ${isCancelled ? 'border-stone-300 bg-stone-50 text-muted' : 'border-brand-300'}`} data-testid="booking-row">
      <p className="text-lg font-bold">
        {instantToMadridLocal(start).time} · {booking.name} · {t('bookings.people', { count: booking.partySize })}
      </p>
      <p className="text-sm">{formatFullDate(start, language)}</p>
      <p>{booking.giftName}</p>
      {booking.notes ? <p className="text-sm italic">{booking.notes}</p> : null}
      {isCancelled ? <p className="text-sm font-semibold">{t('bookings.statusCancelled', { reason: booking.cancelReason ?? '' })}</p> : null}
      {!isCancelled && !cancelling ? (
        <Button type="button" variant="outline" className="mt-2" onClick={() => setCancelling(true)}>
          {t('bookings.cancel')}
        </Button>
      ) : null}
      {cancelling ? (
        <form
          className="mt-2 flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            cancel.mutate();
          }}
        >
          <Field label={t('bookings.reason')} required hint={t('bookings.reasonHint')}>
            <Textarea rows={2} maxLength={300} required value={reason} onChange={(event) => setReason(event.target.value)} />
          </Field>
          <div className="flex gap-2">
            <Button type="submit" disabled={cancel.isPending || reason.trim() === ''}>
              {t('bookings.confirmCancel')}
            </Button>
            <Button type="button" variant="outline" onClick={() => setCancelling(false)}>
              {t('bookings.keep')}
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}

function Sessions() {
  const { t, language } = useText('dashboard');
  const client = useQueryClient();
  const setup = useQuery({ queryKey: keys.setup, queryFn: ({ signal }) => apiRequest<BookingSetup>('/api/business/booking-setup', { signal }) });
  const refresh = () => client.invalidateQueries({ queryKey: keys.setup });
  const add = useMutation({
    mutationFn: (body: BookingSessionInput) => apiRequest('/api/business/booking-sessions', { method: 'POST', body }),
    onSuccess: async () => {
      toast.success(t('bookings.added'));
      await refresh();
    },
    onError: (error) => reportApiError(settings, error),
  });
  const withdraw = useMutation({
    mutationFn: (id: string) => apiRequest(`/api/business/booking-sessions/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
    onError: (error) => reportApiError(settings, error),
  });
  const save = useMutation({
    mutationFn: (body: { horizonDays: number; cutoffHours: number; openOnHolidays: boolean; closedDays: string[] }) =>
      apiRequest('/api/business/booking-settings', { method: 'PUT', body }),
    onSuccess: async () => {
      toast.success(t('bookings.saved'));
      await refresh();
    },
    onError: (error) => reportApiError(settings, error),
  });
  const [kind, setKind] = useState<'weekly' | 'once'>('weekly');

  if (!setup.data) return null;
  const data = setup.data;
  const submitSession = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const giftId = String(form.get('gift') ?? '');
    add.mutate({
      kind,
      isoWeekday: kind === 'weekly' ? Number(form.get('weekday')) : null,
      onDate: kind === 'once' ? String(form.get('date')) : null,
      startTime: String(form.get('start')),
      lengthMinutes: Number(form.get('length')),
      places: Number(form.get('places')),
      giftIds: giftId ? [giftId] : null,
    });
  };
  const submitSettings = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save.mutate({
      horizonDays: Number(form.get('horizon')),
      cutoffHours: Number(form.get('cutoff')),
      openOnHolidays: form.get('holidays') === 'on',
      closedDays: String(form.get('closed') ?? '')
        .split(/[\s,]+/)
        .filter(Boolean),
    });
  };
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('bookings.sessionsTitle')}</CardTitle>
          <CardDescription>{t('bookings.sessionsLead')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {data.sessions.length === 0 ? <p data-testid="sessions-empty">{t('bookings.noSessions')}</p> : null}
          <ul className="flex flex-col gap-2" data-testid="sessions-list">
            {data.sessions.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3">
                <span>
                  {session.kind === 'weekly' ? weekdayName(session.isoWeekday!, language) : formatFullDate(`${session.onDate}T12:00:00Z`, language)} · {session.startTime} ·{' '}
                  {t('bookings.minutes', { count: session.lengthMinutes })} · {t('bookings.places', { count: session.places })}
                </span>
                <Button type="button" variant="outline" onClick={() => withdraw.mutate(session.id)}>
                  {t('bookings.withdraw')}
                </Button>
              </li>
            ))}
          </ul>
          <form className="grid gap-3 sm:grid-cols-2" onSubmit={submitSession} data-testid="session-form">
            <Field label={t('bookings.kind')}>
              <select className={selectClasses} value={kind} onChange={(event) => setKind(event.target.value as 'weekly' | 'once')}>
                <option value="weekly">{t('bookings.weekly')}</option>
                <option value="once">{t('bookings.once')}</option>
              </select>
            </Field>
            {kind === 'weekly' ? (
              <Field label={t('bookings.weekday')}>
                <select name="weekday" className={selectClasses} defaultValue="6">
                  {[1, 2, 3, 4, 5, 6, 7].map((day) => (
                    <option key={day} value={day}>
                      {weekdayName(day, language)}
                    </option>
                  ))}
                </select>
              </Field>
            ) : (
              <Field label={t('bookings.date')}>
                <Input type="date" name="date" required min={localDateOf(new Date())} />
              </Field>
            )}
            <Field label={t('bookings.start')}>
              <Input type="time" name="start" required defaultValue="10:00" />
            </Field>
            <Field label={t('bookings.length')}>
              <Input type="number" name="length" required min={15} max={720} step={15} defaultValue={60} />
            </Field>
            <Field label={t('bookings.placesLabel')}>
              <Input type="number" name="places" required min={1} max={500} defaultValue={4} />
            </Field>
            <Field label={t('bookings.gifts')}>
              <select name="gift" className={selectClasses} defaultValue="">
                <option value="">{t('bookings.allGifts')}</option>
                {data.gifts.map((gift) => (
                  <option key={gift.id} value={gift.id}>
                    {gift.name}
                  </option>
                ))}
              </select>
            </Field>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={add.isPending}>
                {t('bookings.add')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('bookings.settingsTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          <form className="grid gap-3 sm:grid-cols-2" onSubmit={submitSettings} data-testid="booking-settings-form">
            <Field label={t('bookings.horizon')}>
              <Input type="number" name="horizon" min={1} max={365} required defaultValue={data.settings.horizonDays} />
            </Field>
            <Field label={t('bookings.cutoff')}>
              <Input type="number" name="cutoff" min={0} max={168} required defaultValue={data.settings.cutoffHours} />
            </Field>
            <label className="flex items-center gap-2 sm:col-span-2">
              <input type="checkbox" name="holidays" className="size-5" defaultChecked={data.settings.openOnHolidays} />
              {t('bookings.openOnHolidays')}
            </label>
            <Field label={t('bookings.closedDays')} hint={t('bookings.closedDaysHint')} className="sm:col-span-2">
              <Input name="closed" defaultValue={data.closedDays.join(', ')} />
            </Field>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={save.isPending}>
                {t('bookings.save')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </>
  );
}
