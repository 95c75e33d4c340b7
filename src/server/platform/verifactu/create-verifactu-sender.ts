import { readFileSync } from 'node:fs';
import { version as regaloVersion } from '../../../../package.json';
import type { Config } from '../../config';
import { createAeatVerifactuSender } from './aeat-verifactu-sender';
import type { VerifactuSystemInfo } from './build-verifactu-request';
import { createOffVerifactuSender, type VerifactuSender } from './verifactu-sender';

/**
 * SistemaInformatico of every record: Regalo, produced and run by the operator itself. Its
 * NumeroInstalacion is each record's own (stored when it was generated, ADR 061).
 */
export function verifactuSystemInfo(config: Pick<Config, 'operator'>): VerifactuSystemInfo {
  return {
    producerName: config.operator.name,
    producerTaxId: config.operator.taxId,
    name: 'Regalo',
    id: 'RG',
    version: regaloVersion,
  };
}

/**
 * The driver VERIFACTU_DRIVER asks for. The certificate file is read here, once; the
 * configuration already checked that its password opens it.
 */
export function createVerifactuSender(config: Pick<Config, 'verifactu' | 'operator'>, options: { timeoutMs?: number } = {}): VerifactuSender & { close(): void } {
  const settings = config.verifactu;
  if (settings.driver === 'off') return { ...createOffVerifactuSender(), close() {} };
  return createAeatVerifactuSender({
    driver: settings.driver,
    pfx: readFileSync(settings.certFile),
    passphrase: settings.certPassword,
    url: settings.url,
    ca: settings.caFile ? readFileSync(settings.caFile) : undefined,
    system: verifactuSystemInfo(config),
    timeoutMs: options.timeoutMs,
  });
}
