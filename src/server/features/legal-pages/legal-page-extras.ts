import { ANALYTICS_COOKIE, CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, MARKETING_COOKIE } from '@shared/contracts/consent-cookies';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS } from '@shared/contracts/language-cookie';
import type { Operator } from '@shared/contracts/operator';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from '../../platform/auth/session-lifetime';
import { html, type TrustedHtml } from '../../platform/html';
import type { PageLanguage } from '../../platform/page-language';
import { legalText } from './legal-text';

/* The generated parts of the legal pages: facts that come from settings and code, not prose. */

const DAY_SECONDS = 24 * 60 * 60;

/** The operator's identity as the legal notice lists it (LSSI art. 10.1). */
export function operatorDetails(language: PageLanguage, operator: Operator): TrustedHtml {
  const t = legalText(language);
  const rows: [string, string | TrustedHtml][] = [
    [t('legal.fields.name'), operator.name],
    [t('legal.fields.taxId'), operator.taxId],
    [t('legal.fields.address'), operator.address],
    [t('legal.fields.registry'), operator.registry],
    [t('legal.fields.email'), html`<a href="mailto:${operator.supportEmail}">${operator.supportEmail}</a>`],
    [t('legal.fields.privacyEmail'), html`<a href="mailto:${operator.privacyEmail}">${operator.privacyEmail}</a>`],
  ];
  return html`<div class="card"><dl data-testid="operator-details">${rows.map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`)}</dl></div>`;
}

/**
 * Every cookie the app sets, by its real name and lifetime: the session cookie Better Auth
 * names `better-auth.session_token` (with the `__Secure-` prefix on an https address), the
 * sign-in-with-Google state cookie (5 minutes), the three consent cookies of the banner and
 * the chosen language (a preference the person sets themselves).
 * No analytics or marketing cookie exists: the banner's switches are stored for when one does.
 */
export function cookieTable(language: PageLanguage, isSecure: boolean): TrustedHtml {
  const t = legalText(language);
  const prefix = isSecure ? '__Secure-' : '';
  const days = (seconds: number) => t('cookies.table.days', { count: String(Math.round(seconds / DAY_SECONDS)) });
  const rows: [string, string, string, string][] = [
    [`${prefix}better-auth.session_token`, t('cookies.table.sessionPurpose'), t('cookies.table.sessionLifetime', { idle: days(SESSION_IDLE_SECONDS), absolute: days(SESSION_ABSOLUTE_SECONDS) }), t('cookies.table.necessary')],
    [`${prefix}better-auth.state`, t('cookies.table.statePurpose'), t('cookies.table.minutes', { count: '5' }), t('cookies.table.necessary')],
    [CONSENT_COOKIE, t('cookies.table.consentPurpose'), days(CONSENT_MAX_AGE_SECONDS), t('cookies.table.necessary')],
    [ANALYTICS_COOKIE, t('cookies.table.analyticsPurpose'), days(CONSENT_MAX_AGE_SECONDS), t('cookies.table.necessary')],
    [MARKETING_COOKIE, t('cookies.table.marketingPurpose'), days(CONSENT_MAX_AGE_SECONDS), t('cookies.table.necessary')],
    [LANGUAGE_COOKIE, t('cookies.table.languagePurpose'), days(LANGUAGE_COOKIE_MAX_AGE_SECONDS), t('cookies.table.necessary')],
  ];
  const head = ['name', 'purpose', 'lifetime', 'kind'].map((column) => html`<th scope="col">${t(`cookies.table.${column}`)}</th>`);
  const body = rows.map(
    ([name, purpose, lifetime, kind]) => html`<tr><td><code>${name}</code></td><td>${purpose}</td><td>${lifetime}</td><td>${kind}</td></tr>`,
  );
  return html`<table data-testid="cookie-table"><caption>${t('cookies.table.caption')}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** The model form's blanks, to print and fill in (Annex I(B) of Directive 2011/83/EU). */
export function withdrawalFormBlanks(language: PageLanguage, operator: Operator): TrustedHtml {
  const t = legalText(language);
  const fields = ['contract', 'orderedOn', 'reference', 'name', 'address', 'signature', 'date'];
  return html`<div class="card" data-testid="withdrawal-form">
<p><strong>${t('withdrawalForm.form.to')}</strong> ${operator.name}, ${operator.address}, <a href="mailto:${operator.supportEmail}">${operator.supportEmail}</a>${t('withdrawalForm.form.onBehalf')}</p>
<p>${t('withdrawalForm.form.notice')}</p>
${fields.map((field, i) => html`${i > 0 ? '\n' : ''}<p>${t(`withdrawalForm.form.${field}`)}</p><div class="form-line"></div>`)}
<p>${t('withdrawalForm.form.delete')}</p>
</div>`;
}
