import { useTranslation } from 'react-i18next';
import { businessCategories, type BusinessCategory } from '@shared/domain/business';
import { Field } from '@web/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger } from '@web/components/ui/select';

const ALL = 'all';

export function CategorySelect({
  value,
  onChange,
}: {
  value: BusinessCategory | undefined;
  onChange: (value: BusinessCategory | undefined) => void;
}) {
  const { t } = useTranslation('app');
  return (
    <Select
      value={value ?? ALL}
      onValueChange={(next) => onChange(next === ALL ? undefined : (next as BusinessCategory))}
    >
      <Field label={t('businesses.categoryLabel')}>
        <SelectTrigger />
      </Field>
      <SelectContent>
        <SelectItem value={ALL}>{t('categories.all')}</SelectItem>
        {businessCategories.map((category) => (
          <SelectItem key={category} value={category}>
            {t(`categories.${category}`)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
