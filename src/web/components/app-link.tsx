/**
 * AppLink — a link to another page of Regalo, for components that are shared by the
 * single-page app and the landing page (header, footer, cookie banner). Inside the app it is
 * react-router's <Link> (no page load; app/app.tsx provides it); on the landing page, which
 * is its own light entry without the router (ADR 015), it is a plain <a>.
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
