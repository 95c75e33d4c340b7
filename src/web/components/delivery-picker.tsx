import { useId } from 'react';
import { useText } from '../lib/text';
import type { DeliveryInput } from '@shared/contracts/checkout';
import { CHECKOUT_LIMITS } from '@shared/contracts/checkout-limits';
import { addDays, defaultScheduledDelivery, toMadridLocal } from '../lib/madrid-time';
import { cn } from '../lib/cn';
import { Field } from './ui/field';
import { Input, controlClasses } from './ui/input';

const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

/**
 * When a gift reaches its recipient: right away, or on a Madrid date and hour (the checkout
 * and "my orders" both use it). Texts from the `checkout` namespace; `error` is translated.
 */
export function DeliveryPicker({
  value,
  onChange,
  error,
  nowLabel,
  now = new Date(),
}: {
  value: DeliveryInput;
  onChange: (value: DeliveryInput) => void;
  error?: string;
  nowLabel: string;
  now?: Date;
}) {
  const { t } = useText('checkout');
  const id = useId();
  const errorId = `${id}-error`;
  const today = toMadridLocal(now).date;
  const options = [
    { kind: 'now' as const, label: nowLabel },
    { kind: 'scheduled' as const, label: t('delivery.scheduled') },
  ];

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-semibold">{t('delivery.legend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.kind}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line bg-white px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50',
              'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sea-600',
            )}
          >
            <input
              type="radio"
              name={`${id}-kind`}
              value={option.kind}
              checked={value.kind === option.kind}
              onChange={() => onChange(option.kind === 'now' ? { kind: 'now' } : defaultScheduledDelivery(now))}
              className="size-4 accent-brand-600"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {value.kind === 'scheduled' ? (
        <div className="grid grid-cols-2 gap-3">
          <Field label={t('delivery.date')}>
            <Input
              type="date"
              value={value.date}
              min={today}
              max={addDays(today, CHECKOUT_LIMITS.maxScheduleDays)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => onChange({ ...value, date: event.target.value })}
            />
          </Field>
          <Field label={t('delivery.hour')} hint={t('delivery.timeZone')}>
            <select
              value={value.time}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => onChange({ ...value, time: event.target.value })}
              className={cn(controlClasses, 'min-h-11 py-2')}
            >
              {(hours.includes(value.time) ? hours : [value.time, ...hours]).map((hour) => (
                <option key={hour} value={hour}>
                  {hour}
                </option>
              ))}
            </select>
          </Field>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
