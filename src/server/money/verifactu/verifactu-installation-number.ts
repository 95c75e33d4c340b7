/**
 * NumeroInstalacion: one installation per public address (it says where the records come
 * from). Stored with each record when it is generated, so a record sent after PUBLIC_URL
 * changed still names the installation that made it (ADR 061).
 */
export function verifactuInstallationNumber(publicUrl: string): string {
  return new URL(publicUrl).host.slice(0, 100);
}
