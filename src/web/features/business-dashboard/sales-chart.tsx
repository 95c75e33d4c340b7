import { useId } from 'react';
import type { Language } from '@web/lib/language';
import { useText } from '@web/lib/text';
import type { BusinessAnalytics } from '@shared/contracts/business-dashboard';
import { formatDate, formatDayMonth, formatPrice } from '@shared/format';

type Week = BusinessAnalytics['weeks'][number];

const BAR_AREA_HEIGHT = 160;
const LABEL_HEIGHT = 24;

/** `2026-11-16` → `16 Nov` / `16 nov` / `16 nov.` (the Monday starting the week, day first like every date). */
function weekLabel(weekStart: string, language: Language) {
  return formatDayMonth(`${weekStart}T12:00:00Z`, language);
}

/**
 * Gifts sold per week as an inline SVG: no chart library, so the dashboard chunk stays
 * small. The picture is one image for screen readers; the same figures are in the table.
 */
export function SalesChart({ weeks }: { weeks: Week[] }) {
  const { t, language } = useText('dashboard');
  const titleId = useId();
  const max = Math.max(1, ...weeks.map((week) => week.giftsSold));
  const barSlot = 40;
  const width = Math.max(weeks.length * barSlot, 240);
  // Label every week when they fit, otherwise every few, so labels never overlap.
  const labelEvery = Math.max(1, Math.ceil(weeks.length / 12));

  return (
    <figure className="flex flex-col gap-3">
      <figcaption id={titleId} className="font-semibold">
        {t('analytics.chartTitle')}
      </figcaption>
      <div className="overflow-x-auto">
        <svg
          role="img"
          aria-labelledby={titleId}
          viewBox={`0 0 ${width} ${BAR_AREA_HEIGHT + LABEL_HEIGHT}`}
          className="h-48 w-full min-w-[15rem]"
          preserveAspectRatio="none"
          data-testid="sales-chart"
        >
          <line x1="0" x2={width} y1={BAR_AREA_HEIGHT} y2={BAR_AREA_HEIGHT} className="stroke-stone-300" />
          {weeks.map((week, index) => {
            const height = (week.giftsSold / max) * (BAR_AREA_HEIGHT - 16);
            const x = index * barSlot + 8;
            return (
              <g key={week.weekStart}>
                <rect
                  x={x}
                  y={BAR_AREA_HEIGHT - height}
                  width={barSlot - 16}
                  height={height}
                  rx="3"
                  className="fill-brand-500"
                />
                {week.giftsSold > 0 ? (
                  <text x={x + (barSlot - 16) / 2} y={BAR_AREA_HEIGHT - height - 4} textAnchor="middle" className="fill-ink text-[10px]">
                    {week.giftsSold}
                  </text>
                ) : null}
                {index % labelEvery === 0 ? (
                  <text x={x + (barSlot - 16) / 2} y={BAR_AREA_HEIGHT + 16} textAnchor="middle" className="fill-stone-600 text-[9px]">
                    {weekLabel(week.weekStart, language)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">{t('analytics.showTable')}</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{t('analytics.chartTitle')}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-1.5">{t('analytics.week')}</th>
              <th scope="col" className="py-1.5 text-right">{t('analytics.giftsSold')}</th>
              <th scope="col" className="py-1.5 text-right">{t('analytics.revenue')}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart} className="border-b border-line/60">
                <th scope="row" className="py-1.5 font-normal">
                  {formatDate(`${week.weekStart}T12:00:00Z`, language)}
                </th>
                <td className="py-1.5 text-right">{week.giftsSold}</td>
                <td className="py-1.5 text-right">{formatPrice(week.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
