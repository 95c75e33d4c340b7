import { expect, type APIRequestContext } from '@playwright/test';

/** One mail of the dev mailbox (GET /api/dev/mail, outside production only). */
export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export async function listMail(request: APIRequestContext): Promise<DevMail[]> {
  const response = await request.get('/api/dev/mail');
  expect(response.ok(), `GET /api/dev/mail answered ${response.status()}`).toBe(true);
  return (await response.json()) as DevMail[];
}

/**
 * Waits until the newest mail to `to` (optionally matching `subject`) is in the dev mailbox
 * and returns it. Journeys use their own addresses, so parallel journeys never mix mail.
 */
export async function waitForMail(
  request: APIRequestContext,
  options: { to: string; subject?: RegExp; after?: DevMail },
): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await listMail(request);
        found = mails.find(
          (mail) =>
            mail.to.toLowerCase().includes(options.to.toLowerCase()) &&
            (!options.subject || options.subject.test(mail.subject)) &&
            mail.id !== options.after?.id &&
            (!options.after || mail.createdAt >= options.after.createdAt),
        );
        return found?.id ?? null;
      },
      { message: `a mail to ${options.to}`, intervals: [100, 250, 500] },
    )
    .not.toBeNull();
  return found!;
}

/**
 * The first link in the mail's text whose URL contains `fragment`. The gift mail's wallet links
 * (`/g/<code>/wallet/…`, ADR 107) come before its button and share the gift page's path: they
 * count only when `fragment` asks for a wallet.
 */
export function linkIn(mail: DevMail, fragment: string): string {
  const links = mail.text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
  const link = links.find((candidate) => candidate.includes(fragment) && (fragment.includes('/wallet/') || !candidate.includes('/wallet/')));
  expect(link, `a link containing ${fragment} in "${mail.subject}"`).toBeTruthy();
  return link!;
}
