import { describe, expect, it } from 'vitest';
import { parseRedemptionInput } from './redemption-code';

const code = 'Abc-def_ghiJKLmnoPQRstuVWXyz0123456789abcdE';

describe('parseRedemptionInput', () => {
  it('takes a whole code, trimmed', () => {
    expect(parseRedemptionInput(`  ${code}\n`)).toEqual({ kind: 'code', code });
  });

  it('takes the gift page URL a scan yields, with or without a trailing slash', () => {
    expect(parseRedemptionInput(`https://regalo.example/g/${code}`)).toEqual({ kind: 'code', code });
    expect(parseRedemptionInput(`http://localhost:3000/g/${code}/`)).toEqual({ kind: 'code', code });
  });

  it('takes the last 8 characters', () => {
    expect(parseRedemptionInput('9abcdE_-')).toEqual({ kind: 'suffix', suffix: '9abcdE_-' });
  });

  it.each([
    '',
    'short',
    '1234567',
    '123456789',
    'abc def gh',
    'https://regalo.example/other/' + code,
    'https://regalo.example/g/short',
    'https://',
    code.slice(0, 20) + '!!',
    'x'.repeat(129),
  ])('refuses %j', (value) => {
    expect(parseRedemptionInput(value)).toEqual({ kind: 'invalid' });
  });
});
