import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it('refuses well-known choices, keyboard walks, sequences and dates, in any case', () => {
    for (const p of ['password', 'PASSWORD1', 'Password123', 'qwertyuiop', '12345678', '87654321', 'iloveyou', 'contrasena', 'valencia2024', '1q2w3e4r', '01011990', 'aaaaaaaa']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
  });

  it('accepts ordinary long passphrases', () => {
    for (const p of ['naranjas-del-turia-7', 'correct horse battery staple', 'Mi gato se llama Pipo']) {
      expect(isCommonPassword(p), p).toBe(false);
    }
  });
});
