import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { legalPages, type LegalPage } from '@shared/domain/legal-versions';
import { splitOrderAmounts } from '@shared/domain/money';
import { MAX_VALIDITY_DAYS, MIN_VALIDITY_DAYS } from '@shared/domain/order-status';
import { formatPrice } from '@shared/format';
import type { TrustedHtml } from '../../platform/html';
import { languageFromAcceptLanguage, toPageLanguage, type PageLanguage } from '../../platform/page-language';
import { sendPublicDocument } from '../../platform/public-page';
import { cookieTable, operatorDetails, withdrawalFormBlanks } from './legal-page-extras';
import { renderLegalPage } from './render-legal-page';

/**
 * The legal pages (ADR 059): `/terms`, `/legal`, `/cookies`, `/accessibility`,
 * `/partner-terms` and `/withdrawal-form`, server-rendered in the visitor's language from the
 * operator's settings, with no script. Public and indexable; they vary with the language the
 * browser asks for.
 */
export const legalPageRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app.ctx;
  const { operator } = config;
  const isSecure = config.publicUrl.startsWith('https://');
  // The partner agreement's worked example: a 50,00 € gift at 10 %, with the IVA in force.
  const example = splitOrderAmounts(5000, 10, config.commissionVatRate);
  const values = {
    operatorName: operator.name,
    operatorAddress: operator.address,
    operatorTaxId: operator.taxId,
    operatorRegistry: operator.registry,
    supportEmail: operator.supportEmail,
    privacyEmail: operator.privacyEmail,
    site: new URL(config.publicUrl).host,
    commissionRate: String(config.defaultCommissionRate).replace('.', ','),
    commissionVatRate: String(config.commissionVatRate).replace('.', ','),
    exampleCommissionVat: formatPrice(example.commissionVatCents),
    exampleNet: formatPrice(example.netCents),
    minValidity: String(MIN_VALIDITY_DAYS),
    maxValidity: String(MAX_VALIDITY_DAYS),
  };

  const extrasFor = (page: LegalPage, language: PageLanguage): Record<string, TrustedHtml> => {
    if (page === 'legal') return { top: operatorDetails(language, operator) };
    if (page === 'cookies') return { list: cookieTable(language, isSecure) };
    if (page === 'withdrawal-form') return { top: withdrawalFormBlanks(language, operator) };
    return {};
  };

  const languageOf = (request: FastifyRequest): PageLanguage =>
    toPageLanguage((request.query as { lang?: unknown }).lang) ?? languageFromAcceptLanguage(request.headers['accept-language']) ?? 'en';

  for (const page of legalPages) {
    app.get(`/${page}`, async (request, reply) => {
      const language = languageOf(request);
      reply.header('cache-control', 'no-cache').header('vary', 'Accept-Language');
      return sendPublicDocument(reply, request.headers['accept-encoding'], renderLegalPage({ page, language, values, extras: extrasFor(page, language) }));
    });
  }
};
