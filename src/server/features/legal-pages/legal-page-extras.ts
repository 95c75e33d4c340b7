import { escapeHtml } from '@shared/escape-html';
import { ANALYTICS_COOKIE, CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, MARKETING_COOKIE } from '@shared/contracts/consent-cookies';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS } from '@shared/contracts/language-cookie';
import type { Operator } from '@shared/contracts/operator';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from '../../platform/auth/session-lifetime';
import type { PageLanguage } from '../../platform/page-language';
import { legalText } from './legal-text';

/* The generated parts of the legal pages: facts that come from settings and code, not prose. */

const e = escapeHtml;
const DAY_SECONDS = 24 * 60 * 60;

/** The operator's identity as the legal notice lists it (LSSI art. 10.1). */
export function operatorDetails(language: PageLanguage, operator: Operator): string {
  const t = legalText(language);
  const rows: [string, string][] = [
    [t('legal.fields.name'), e(operator.name)],
    [t('legal.fields.taxId'), e(operator.taxId)],
    [t('legal.fields.address'), e(operator.address)],
    [t('legal.fields.registry'), e(operator.registry)],
    [t('legal.fields.email'), `<a href="mailto:${e(operator.supportEmail)}">${e(operator.supportEmail)}</a>`],
    [t('legal.fields.privacyEmail'), `<a href="mailto:${e(operator.privacyEmail)}">${e(operator.privacyEmail)}</a>`],
  ];
  return `<div class="card"><dl data-testid="operator-details">${rows.map(([label, value]) => `<dt>${e(label)}</dt><dd>${value}</dd>`).join('')}</dl></div>`;
}

/**
 * Every cookie the app sets, by its real name and lifetime: the session cookie Better Auth
 * names `better-auth.session_token` (with the `__Secure-` prefix on an https address), the
 * sign-in-with-Google state cookie (5 minutes), the three consent cookies of the banner and
 * the chosen language (a preference the person sets themselves).
 * No analytics or marketing cookie exists: the banner's switches are stored for when one does.
 */
export function cookieTable(language: PageLanguage, isSecure: boolean): string {
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
  const head = ['name', 'purpose', 'lifetime', 'kind'].map((column) => `<th scope="col">${e(t(`cookies.table.${column}`))}</th>`).join('');
  const body = rows
    .map(([name, purpose, lifetime, kind]) => `<tr><td><code>${e(name)}</code></td><td>${e(purpose)}</td><td>${e(lifetime)}</td><td>${e(kind)}</td></tr>`)
    .join('');
  return `<table data-testid="cookie-table"><caption>${e(t('cookies.table.caption'))}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** The model form's blanks, to print and fill in (Annex I(B) of Directive 2011/83/EU). */
export function withdrawalFormBlanks(language: PageLanguage, operator: Operator): string {
  const t = legalText(language);
  const fields = ['contract', 'orderedOn', 'reference', 'name', 'address', 'signature', 'date'];
  return `<div class="card" data-testid="withdrawal-form">
<p><strong>${e(t('withdrawalForm.form.to'))}</strong> ${e(operator.name)}, ${e(operator.address)}, <a href="mailto:${e(operator.supportEmail)}">${e(operator.supportEmail)}</a>${e(t('withdrawalForm.form.onBehalf'))}</p>
<p>${e(t('withdrawalForm.form.notice'))}</p>
${fields.map((field) => `<p>${e(t(`withdrawalForm.form.${field}`))}</p><div class="form-line"></div>`).join('\n')}
<p>${e(t('withdrawalForm.form.delete'))}</p>
</div>`;
}
