import { readFileSync } from 'node:fs';
import { version as regaloVersion } from '../../../../package.json';
import type { Config } from '../../config';
import { createAeatVerifactuSender } from './aeat-verifactu-sender';
import type { VerifactuSystemInfo } from './build-verifactu-request';
import { createOffVerifactuSender, type VerifactuSender } from './verifactu-sender';

/**
 * SistemaInformatico of every record: Regalo, produced and run by the operator itself, one
 * installation per public address (NumeroInstalacion identifies where the records come from).
 */
export function verifactuSystemInfo(config: Pick<Config, 'operator' | 'publicUrl'>): VerifactuSystemInfo {
  return {
    producerName: config.operator.name,
    producerTaxId: config.operator.taxId,
    name: 'Regalo',
    id: 'RG',
    version: regaloVersion,
    installationNumber: new URL(config.publicUrl).host.slice(0, 100),
  };
}

/**
 * The driver VERIFACTU_DRIVER asks for. The certificate file is read here, once; the
 * configuration already checked that its password opens it.
 */
export function createVerifactuSender(config: Pick<Config, 'verifactu' | 'operator' | 'publicUrl'>, options: { timeoutMs?: number } = {}): VerifactuSender & { close(): void } {
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
