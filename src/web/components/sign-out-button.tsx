import { LogOut } from 'lucide-react';
import { useSession } from '../lib/session';
import { Button } from './ui/button';

/** The header's sign-out button: icon only on small screens, the label stays for readers. */
export function SignOutButton({ label }: { label: string }) {
  const { signOut } = useSession();
  return (
    <Button variant="outline" size="sm" className="max-sm:px-2.5" onClick={() => void signOut()}>
      <LogOut aria-hidden="true" />
      <span className="max-sm:sr-only">{label}</span>
    </Button>
  );
}
