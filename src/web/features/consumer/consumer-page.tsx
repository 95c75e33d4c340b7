import { Gift, ShoppingCart, Store, User, Users, Package, X } from 'lucide-react';
import { useState } from 'react';
import { getLanguage } from '@web/lib/language';
import { loadText, useText } from '@web/lib/text';
import { useSearchParams } from 'react-router';
import type { Contact } from '@shared/contracts/contacts';
import { PAGE_NAMESPACES } from '@shared/page-texts';
import { AreaHeader } from '@web/components/area-header';
import { LanguageMenu } from '@web/components/language-menu';
import { PageTitle } from '@web/components/page-title';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useSession } from '@web/lib/session';
import { CartBar } from './cart-bar';
import { AreaTab, lazyTab, SignedInArea, type AreaSettings } from '@web/components/signed-in-area';
import { parseTab, type ConsumerTab } from './tabs';
import { useCart } from '@web/lib/use-cart';
import { SignOutButton } from '@web/components/sign-out-button';
import { AreaLinks } from '@web/components/area-links';
import { EmailConfirmedBanner } from './email-confirmed-banner';

const tabModules = {
  profile: () => import('./profile-tab'),
  businesses: () => import('./businesses-tab'),
  gifts: () => import('./gifts-tab'),
  contacts: () => import('./contacts-tab'),
  // The orders' own texts (namespace `orders`) come alongside.
  orders: () => Promise.all([import('./orders-tab'), loadText(getLanguage(), PAGE_NAMESPACES['features/consumer/orders-tab.tsx'])]).then(([module]) => module),
} as const;
const ProfileTab = lazyTab(tabModules.profile, 'ProfileTab');
const BusinessesTab = lazyTab(tabModules.businesses, 'BusinessesTab');
const GiftsTab = lazyTab(tabModules.gifts, 'GiftsTab');
const ContactsTab = lazyTab(tabModules.contacts, 'ContactsTab');
const OrdersTab = lazyTab(tabModules.orders, 'OrdersTab');
// The tab the address names starts downloading with this chunk, alongside the texts, rather
// than after the page's first render.
void tabModules[parseTab(new URLSearchParams(window.location.search).get('tab'))]();

const consumerArea: AreaSettings = {
  texts: 'app',
};

export default function ConsumerPage() {
  return (
    <SignedInArea settings={consumerArea}>
      <ConsumerArea />
    </SignedInArea>
  );
}

const tabIcons = { profile: User, businesses: Store, gifts: Gift, contacts: Users, orders: Package } as const;

function ConsumerArea() {
  const { t } = useText('app');
  const { t: tCommon } = useText('common');
  const { user } = useSession();
  const { cart, startFor } = useCart();
  const [params, setParams] = useSearchParams();
  const [isCartOpen, setCartOpen] = useState(false);
  const tab = parseTab(params.get('tab'));
  const businessId = tab === 'businesses' ? params.get('business') : null;
  const count = cart.lines.length;

  // Each tab (and an open business) is a history entry, so reload and back both work.
  const goTo = (next: ConsumerTab, extra: Record<string, string> = {}) => {
    const target = new URLSearchParams({ tab: next, ...extra });
    // Radix reports a click on a tab twice (pointer down, then focus) before React renders
    // again, so compare with the live URL rather than this render's params: one entry only.
    if (target.toString() === new URLSearchParams(window.location.search).toString()) return;
    setParams(target);
  };

  // The next gift chosen becomes a cart line for this contact; the banner says so until then.
  const sendGiftTo = (contact: Contact) => {
    startFor({ name: contact.name, email: contact.email ?? '', phone: contact.phone ?? '', contactId: contact.id });
    goTo('gifts');
  };

  return (
    <div className="min-h-dvh pb-28">
      <PageTitle parts={[t(`tabs.${tab}`), tCommon('titles.consumer')]} />
      <AreaHeader area="consumer">
        <div className="flex items-center gap-1 sm:gap-2">
          <AreaLinks current="consumer" />
          <Button
            variant="ghost"
            size="sm"
            className="px-2.5"
            onClick={() => setCartOpen(true)}
            aria-label={t('header.cartLabel', { count })}
          >
            <ShoppingCart aria-hidden="true" />
            <Badge variant={count > 0 ? 'brand' : 'neutral'} data-testid="cart-count" aria-hidden="true">
              {count}
            </Badge>
          </Button>
          <LanguageMenu className="max-sm:hidden" />
          <SignOutButton label={t('header.signOut')} />
        </div>
      </AreaHeader>
      <main id="main" className="mx-auto flex max-w-5xl flex-col gap-5 px-4 py-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="font-display text-2xl font-bold text-brand-800 sm:text-3xl">{t('header.welcome')}</h1>
            <p className="text-muted">{t('header.tagline')}</p>
            {user ? (
              <p className="mt-1 text-sm" data-testid="signed-in-as">
                {t('header.signedInAs', { name: user.name || user.email })}
              </p>
            ) : null}
          </div>
          <LanguageMenu className="sm:hidden" />
        </div>
        <EmailConfirmedBanner />
        {cart.startingFor ? <StartingForBanner name={cart.startingFor.name} onCancel={() => startFor(null)} /> : null}
        <Tabs value={tab} onValueChange={(value) => goTo(parseTab(value))}>
          <TabsList aria-label={t('tabs.label')}>
            {(Object.keys(tabIcons) as ConsumerTab[]).map((key) => {
              const Icon = tabIcons[key];
              return (
                <TabsTrigger key={key} value={key}>
                  <Icon aria-hidden="true" />
                  {t(`tabs.${key}`)}
                </TabsTrigger>
              );
            })}
          </TabsList>
          <TabsContent value="profile">
            <AreaTab>
              <ProfileTab onGoTo={(next) => goTo(next)} />
            </AreaTab>
          </TabsContent>
          <TabsContent value="businesses">
            <AreaTab>
              <BusinessesTab
                openBusinessId={businessId}
                onOpenBusiness={(id) => goTo('businesses', id ? { business: id } : {})}
              />
            </AreaTab>
          </TabsContent>
          <TabsContent value="gifts">
            <AreaTab>
              <GiftsTab />
            </AreaTab>
          </TabsContent>
          <TabsContent value="contacts">
            <AreaTab>
              <ContactsTab onSendGift={sendGiftTo} />
            </AreaTab>
          </TabsContent>
          <TabsContent value="orders">
            <AreaTab>
              <OrdersTab />
            </AreaTab>
          </TabsContent>
        </Tabs>
      </main>
      <CartBar isCartOpen={isCartOpen} onCartOpenChange={setCartOpen} />
    </div>
  );
}

function StartingForBanner({ name, onCancel }: { name: string; onCancel: () => void }) {
  const { t } = useText('app');
  return (
    <div
      role="status"
      className="flex items-center justify-between gap-3 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3"
      data-testid="starting-for"
    >
      <p>
        <Gift aria-hidden="true" className="mr-2 inline size-5 text-brand-700" />
        {t('cart.choosingFor', { name })}
      </p>
      <Button variant="ghost" size="sm" onClick={onCancel}>
        <X aria-hidden="true" />
        {t('cart.choosingForCancel')}
      </Button>
    </div>
  );
}
