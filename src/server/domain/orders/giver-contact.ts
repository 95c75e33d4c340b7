import { HOME_LOCALE, type Locale } from '@shared/locale';
import { ORDERS_PATH } from './gift-mail';
import { createPurchaseToken, purchasePagePath } from './purchase-link';

export interface GiverContact {
  name: string;
  email: string;
  locale: string;
  /** Where the giver follows the purchase: "My orders", or a guest's signed purchase page. */
  ordersUrl: string;
}

export type AccountGiver = { name: string; email: string; locale: string } | null;
/** A guest's purchase (ADR 075): the checkout's own name, email and language. */
export type GuestGiver = { checkoutId: string; createdAt: Date; name: string | null; email: string | null; locale: Locale | null } | null;

/**
 * Whom the emails about a purchase go to. The account wins once there is one (a claimed
 * guest purchase belongs to it); a guest's purchase without one is mailed to the guest.
 */
export function giverContact(account: AccountGiver, guest: GuestGiver, links: { publicUrl: string; authSecret: string }): GiverContact | null {
  if (account) return { ...account, ordersUrl: `${links.publicUrl}${ORDERS_PATH}` };
  if (!guest?.email || !guest.name) return null;
  const token = createPurchaseToken(links.authSecret, guest.checkoutId, guest.createdAt);
  const locale = guest.locale ?? HOME_LOCALE;
  // The page opens in the language the guest bought in, whatever the browser reading the mail says.
  return { name: guest.name, email: guest.email, locale, ordersUrl: `${links.publicUrl}${purchasePagePath(token)}?lang=${locale}` };
}
