import { expectNoSeriousA11yViolations } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { expect, signInAs, test } from './support/fixtures';
import { buyGift } from './support/orders';

/**
 * A recipient whose message gives only the 8-character code, on a phone in Valencian: "Obri
 * el teu regal", the code with the wrong email first (told plainly, nothing opens), then with
 * the phone number the gift was sent to, typed as people type it; the gift page opens. Axe on
 * the page, the refusal and the gift.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('a recipient opens the gift with the typed code and the phone it was sent to', async ({ page, request, context, baseURL, giver, owner }) => {
  await signInAs(request, giver);
  const gift = await buyGift(request, { giftId: owner.business!.gifts[0]!.id, recipientName: 'Maria Josep', recipientPhone: '+34 611 22 33 44' });
  await hideCookieBanner(context, baseURL!);
  await page.emulateMedia({ reducedMotion: 'reduce' });

  await page.goto('/g?lang=va');
  const form = page.getByTestId('open-typed');
  await expect(form.getByRole('heading', { name: 'Només tens el codi de 8 caràcters?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await form.getByLabel('Codi davall del QR (8 caràcters)').fill(gift.typedCode.toLowerCase());
  await form.getByLabel('El teu correu o el teu telèfon').fill('algu.altre@example.test');
  await form.getByRole('button', { name: 'Obrir el meu regal amb el codi' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Cap regal coincidix amb este codi/);
  await expect(page).toHaveURL(/\/g\/open\?lang=va$/);
  await expectNoSeriousA11yViolations(page);

  await page.getByTestId('open-typed').getByLabel('El teu correu o el teu telèfon').fill('611 223 344');
  await page.getByTestId('open-typed').getByRole('button', { name: 'Obrir el meu regal amb el codi' }).click();
  await expect(page).toHaveURL(new RegExp(`/g/${gift.code}\\?lang=va$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maria Josep, tens un regal');
  await expect(page.getByTestId('typed-code')).toHaveText(gift.typedCode);
  await expectNoSeriousA11yViolations(page);
});
