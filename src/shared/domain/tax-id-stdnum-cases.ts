/**
 * Test data of python-stdnum (arthurdejong/python-stdnum: tests/test_es_nif.doctest,
 * test_es_vat.doctest, test_es_cif.doctest and the doctests of stdnum/es/nif.py and nie.py),
 * an independent implementation of the Spanish tax ids: what it accepts and what it refuses,
 * written as people type them. `compact` is stdnum's minimal form.
 */
export const stdnumValid: { input: string; compact: string }[] = [
  { input: '11111111H', compact: '11111111H' }, // DNI
  { input: 'A11111119', compact: 'A11111119' }, // CIF
  { input: 'X1111111G', compact: 'X1111111G' }, // NIE
  { input: 'L1111111G', compact: 'L1111111G' }, // NIF, neither DNI, CIF nor NIE
  { input: 'M-1234567-L', compact: 'M1234567L' },
  { input: 'B64717838', compact: 'B64717838' },
  { input: '54362315K', compact: '54362315K' }, // resident
  { input: 'X-5253868-R', compact: 'X5253868R' }, // foreign person
  { input: 'x-2482300w', compact: 'X2482300W' },
  { input: 'ES B-58378431', compact: 'B58378431' },
  { input: 'ESB58378431', compact: 'B58378431' },
  { input: 'ES-x-2482300w', compact: 'X2482300W' },
];

export const stdnumInvalid: string[] = [
  '11111111T', // DNI, wrong letter
  'A11111118', // CIF, wrong control
  'X1111111A', // NIE, wrong letter
  'L1111111C', // NIF, wrong letter
  'B64717839', // wrong check digit
  'x-2482300a', // wrong check digit
  'X2482300', // a digit missing
];
