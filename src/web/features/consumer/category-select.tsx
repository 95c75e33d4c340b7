import { useText } from '@web/lib/text';
import { businessCategories, type BusinessCategory } from '@shared/domain/business';
import { cn } from '@web/lib/cn';
import { Field } from '@web/components/ui/field';
import { controlClasses } from '@web/components/ui/input';

const ALL = 'all';

/**
 * A native select (ADR 039): a simple single choice needs none of Radix Select's ≈ 19 KB, and
 * the browser's own list is labelled, keyboard-operable and read out in the page's language.
 */
export function CategorySelect({
  value,
  onChange,
}: {
  value: BusinessCategory | undefined;
  onChange: (value: BusinessCategory | undefined) => void;
}) {
  const { t } = useText('app');
  // The business categories' names are shared with the public pages.
  const { t: tCommon } = useText('common');
  return (
    <Field label={t('businesses.categoryLabel')}>
      <select
        value={value ?? ALL}
        onChange={(event) => onChange(event.target.value === ALL ? undefined : (event.target.value as BusinessCategory))}
        className={cn(controlClasses, 'min-h-11 cursor-pointer py-2')}
      >
        <option value={ALL}>{t('categories.all')}</option>
        {businessCategories.map((category) => (
          <option key={category} value={category}>
            {tCommon(`categories.${category}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}
