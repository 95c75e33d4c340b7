import { hideCookieBanner } from './support/consent';
import { expect, test } from './support/fixtures';

/**
 * ADR 073: an owner writes a gift's name in English as well; a giver browsing the
 * shop in English reads it, in Spanish the business's own text.
 */
test.use({ language: 'en' });

test('an owner adds an English name to a gift; givers read it in English and the own text in Spanish', async ({ page, context, baseURL, signedInOwner: owner }) => {
  await hideCookieBanner(context, baseURL!);
  const gift = owner.business!.gifts[0]!;
  const englishName = `Horchata tasting ${Date.now().toString(36)}`;

  await page.goto('/business/dashboard?tab=gifts');
  await page.getByRole('button', { name: `Edit ${gift.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit gift' });
  await expect(dialog.getByLabel('Name').first()).toHaveValue(gift.name);
  // The other languages open one at a time, from a labelled group of toggle buttons.
  const languages = dialog.getByRole('group', { name: 'Language' });
  await languages.getByRole('button', { name: 'English' }).click();
  await expect(languages.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByLabel('Name in English').fill(englishName);
  await dialog.getByRole('button', { name: 'Save gift' }).click();
  await expect(dialog).toBeHidden();

  const { slug } = (await (await page.request.get('/api/business/me')).json()) as { slug: string };
  await page.goto(`/b/${slug}?lang=en`);
  await expect(page.getByText(englishName).first()).toBeVisible();
  await page.goto(`/b/${slug}?lang=es`);
  await expect(page.getByText(gift.name).first()).toBeVisible();
  await expect(page.getByText(englishName)).toHaveCount(0);
});
