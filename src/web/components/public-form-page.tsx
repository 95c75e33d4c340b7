import type { ReactNode } from 'react';
import { PageTitle } from './page-title';
import { PublicHeader } from './public-header';
import { SiteFooter } from './site-footer';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

/**
 * A public page that holds one form and then its answer (reporting a listing, withdrawing
 * from a purchase): the site's header and footer, a narrow column, an icon and a heading.
 */
export function PublicFormPage({ metaTitle, icon, title, children }: { metaTitle: string; icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <>
      <PageTitle parts={[metaTitle]} />
      <PublicHeader />
      <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-5 py-10 focus:outline-none sm:px-8">
        <div className="flex items-center gap-3">
          {icon}
          <h1 className="font-display text-3xl font-bold text-brand-800">{title}</h1>
        </div>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

/** Why the last send failed as a whole (not one field's fault), kept above the button. */
export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl bg-danger-50 p-3 text-sm font-medium text-danger-700">
      {message}
    </p>
  );
}

/**
 * The form's one submit button. While sending it stays focusable and says so (aria-disabled,
 * not disabled, so keyboard focus is not lost); the form ignores a second press.
 */
export function SendButton({ isSending, sendingText, children }: { isSending: boolean; sendingText: ReactNode; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" className="self-start" aria-disabled={isSending || undefined}>
      {isSending ? <Spinner decorative /> : null}
      {isSending ? sendingText : children}
    </Button>
  );
}
