/**
 * A real-looking operator identity for anything that starts the server with
 * NODE_ENV=production (tests, benchmarks): production refuses the demo's values
 * (config.ts). Fictitious, on a reserved `.example` domain.
 */
export const productionOperatorEnv = {
  OPERATOR_NAME: 'Regalos Valencianos S.L.',
  OPERATOR_ADDRESS: 'Plaça de la Reina 3, 46001 València, España',
  OPERATOR_TAX_ID: 'B98765432',
  OPERATOR_REGISTRY: 'Registro Mercantil de Valencia, tomo 10234, folio 12, hoja V-175321, inscripción 1.ª',
  SUPPORT_EMAIL: 'ayuda@regalos.example',
  PRIVACY_EMAIL: 'dpd@regalos.example',
} as const;
