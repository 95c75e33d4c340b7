/**
 * AppLink — a link to another page of Regalo, for the page furniture (header, footer, cookie
 * banner). Inside the app it is react-router's <Link> (no page load; app/app.tsx provides it);
 * rendered without the app's router, as the furniture's own tests render it, a plain <a>.
 *   <AppLink to="/privacy" className="…">{t('footer.privacy')}</AppLink>
 * Pages that only live inside the app keep using react-router's <Link> directly.
 */
import { createContext, use, type AnchorHTMLAttributes, type ReactNode } from 'react';

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** How links render where the provider sits; without one, a document link. */
export const AppLinkContext = createContext<(props: AppLinkProps) => ReactNode>(({ to, ...props }) => <a href={to} {...props} />);

export function AppLink(props: AppLinkProps) {
  return use(AppLinkContext)(props);
}
