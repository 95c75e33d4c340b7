import { ExternalLink, Printer } from 'lucide-react';
import { Button } from './ui/button';

/**
 * A gift given in person (ADR 103): its page and its two printable cards, for the giver who
 * owns the purchase (the thank-you page, "My orders", the guest's purchase page). They are
 * the server's pages (`/g/<code>`, `/print`, `/print/folded`), so plain links, not routes.
 * Texts come from the caller's namespace: the pages that show these load different ones.
 */
export function GiftPageLinks({
  giftPagePath,
  labels,
}: {
  giftPagePath: string;
  labels: { open: string; printA6: string; printFolded: string };
}) {
  const links = [
    { href: giftPagePath, label: labels.open, icon: ExternalLink },
    { href: `${giftPagePath}/print`, label: labels.printA6, icon: Printer },
    { href: `${giftPagePath}/print/folded`, label: labels.printFolded, icon: Printer },
  ];
  return (
    <ul className="flex flex-wrap gap-2" data-testid="gift-page-links">
      {links.map(({ href, label, icon: Icon }) => (
        <li key={href}>
          <Button variant="outline" size="sm" asChild>
            <a href={href}>
              <Icon aria-hidden="true" />
              {label}
            </a>
          </Button>
        </li>
      ))}
    </ul>
  );
}
