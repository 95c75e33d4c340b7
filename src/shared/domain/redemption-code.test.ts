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

  it('takes a typed code however it is typed: any case, with or without its dash or spaces, O for 0, I or L for 1', () => {
    for (const typed of ['K7QD-M2XA', 'k7qd-m2xa', 'K7QDM2XA', ' k7qd m2xa ', 'k7qd—m2xa'.replace('—', '-')]) {
      expect(parseRedemptionInput(typed), typed).toEqual({ kind: 'typed', typedCode: 'K7QDM2XA' });
    }
    expect(parseRedemptionInput('OIL0-1234')).toEqual({ kind: 'typed', typedCode: '01101234' });
  });

  it('no longer takes the last 8 characters of a whole code (they proved nothing: the dashboard showed them)', () => {
    expect(parseRedemptionInput('9abcdE_-')).toEqual({ kind: 'invalid' });
    expect(parseRedemptionInput('F_odPpnE')).toEqual({ kind: 'invalid' });
  });

  it.each([
    '',
    'short',
    '1234567',
    '123456789',
    'K7QD-M2XU',
    'K7QD-M2X',
    'abc def g',
    'https://regalo.example/other/' + code,
    'https://regalo.example/g/short',
    'https://',
    code.slice(0, 20) + '!!',
    'x'.repeat(129),
  ])('refuses %j', (value) => {
    expect(parseRedemptionInput(value)).toEqual({ kind: 'invalid' });
  });
});
