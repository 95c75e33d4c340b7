import { useState } from 'react';
import { buttonVariants } from '../../components/ui/button-variants';
import { Switch } from '../../components/ui/switch';
import type { ConsentChoice } from '@shared/contracts/consent-cookies';
import { useText } from '../../lib/text';

interface CookiePreferencesProps {
  initialChoice: ConsentChoice;
  onSave: (choice: ConsentChoice) => void;
}

/** The three categories; necessary cookies cannot be refused (the site needs them). */
export default function CookiePreferences({ initialChoice, onSave }: CookiePreferencesProps) {
  const { t } = useText('cookies');
  const [analytics, setAnalytics] = useState(initialChoice.analytics);
  const [marketing, setMarketing] = useState(initialChoice.marketing);

  const rows = [
    { id: 'cookie-necessary', name: t('categories.necessary.name'), text: t('categories.necessary.description'), checked: true, disabled: true, onChange: undefined },
    { id: 'cookie-analytics', name: t('categories.analytics.name'), text: t('categories.analytics.description'), checked: analytics, disabled: false, onChange: setAnalytics },
    { id: 'cookie-marketing', name: t('categories.marketing.name'), text: t('categories.marketing.description'), checked: marketing, disabled: false, onChange: setMarketing },
  ];

  return (
    <div className="mt-4 flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-sand">
        {rows.map((row) => (
          <li key={row.id} className="flex items-start justify-between gap-4 p-4">
            <div className="flex flex-col gap-0.5">
              <label htmlFor={row.id} className="text-sm font-semibold">
                {row.name}
              </label>
              <p id={`${row.id}-text`} className="text-sm text-muted">
                {row.text}
              </p>
            </div>
            <Switch
              id={row.id}
              checked={row.checked}
              disabled={row.disabled}
              onCheckedChange={row.onChange}
              aria-describedby={`${row.id}-text`}
            />
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={buttonVariants({ variant: 'secondary', className: 'w-full sm:w-auto sm:self-end' })}
        onClick={() => onSave({ analytics, marketing })}
      >
        {t('save')}
      </button>
    </div>
  );
}
