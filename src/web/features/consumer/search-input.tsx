import { Search } from 'lucide-react';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';

export function SearchInput({
  label,
  placeholder,
  value,
  onChange,
  maxLength = 100,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's limit for this search (the catalogue's is shorter than the contacts'). */
  maxLength?: number;
}) {
  return (
    <div className="relative">
      <Field label={label}>
        <Input
          type="search"
          value={value}
          placeholder={placeholder}
          maxLength={maxLength}
          autoComplete="off"
          className="pl-10"
          onChange={(event) => onChange(event.target.value)}
        />
      </Field>
      <Search aria-hidden="true" className="pointer-events-none absolute bottom-3.5 left-3.5 size-4 text-muted" />
    </div>
  );
}
