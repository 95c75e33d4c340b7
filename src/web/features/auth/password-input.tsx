import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { useText } from '../../lib/text';
import { Input } from '../../components/ui/input';

/**
 * A password field with a show/hide switch: on a phone keyboard a typo in a hidden password
 * is the commonest reason a first sign-in fails. Takes every prop of <Input> (Field wires
 * its id and descriptions onto the real input).
 */
export function PasswordInput(props: Omit<ComponentProps<typeof Input>, 'type'>) {
  const { t } = useText('auth');
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className="pr-12" />
      <button
        type="button"
        className="absolute inset-y-0 right-0 grid w-12 cursor-pointer place-items-center rounded-r-xl text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-sea-600"
        aria-label={visible ? t('fields.hidePassword') : t('fields.showPassword')}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOff className="size-5" aria-hidden="true" /> : <Eye className="size-5" aria-hidden="true" />}
      </button>
    </div>
  );
}
