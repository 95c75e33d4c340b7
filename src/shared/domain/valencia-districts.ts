/**
 * Valencia's 19 districts (the city council's division), for the catalogue's "where" filter.
 * Labels live in the `common` catalogue under `districts.<value>`.
 */
export const valenciaDistricts = [
  'ciutat_vella',
  'eixample',
  'extramurs',
  'campanar',
  'saidia',
  'pla_del_real',
  'olivereta',
  'patraix',
  'jesus',
  'quatre_carreres',
  'poblats_maritims',
  'camins_al_grau',
  'algiros',
  'benimaclet',
  'rascanya',
  'benicalap',
  'pobles_del_nord',
  'pobles_de_l_oest',
  'pobles_del_sud',
] as const;
export type ValenciaDistrict = (typeof valenciaDistricts)[number];
