import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COMMISSION_RATE } from '@shared/domain/business';
import { ConfigError, loadConfig } from './config';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'regalo-config-')), ...env });

describe('DEFAULT_COMMISSION_RATE', () => {
  it('defaults to the shared constant and takes a percentage with up to two decimals', () => {
    expect(load({}).defaultCommissionRate).toBe(DEFAULT_COMMISSION_RATE);
    expect(load({ DEFAULT_COMMISSION_RATE: '' }).defaultCommissionRate).toBe(DEFAULT_COMMISSION_RATE);
    expect(load({ DEFAULT_COMMISSION_RATE: '12' }).defaultCommissionRate).toBe(12);
    expect(load({ DEFAULT_COMMISSION_RATE: '12.5' }).defaultCommissionRate).toBe(12.5);
    expect(load({ DEFAULT_COMMISSION_RATE: '0' }).defaultCommissionRate).toBe(0);
  });

  it.each(['abc', '-1', '101', '12.345', '12,5'])('refuses %s by name', (value) => {
    expect(() => load({ DEFAULT_COMMISSION_RATE: value })).toThrow(ConfigError);
    try {
      load({ DEFAULT_COMMISSION_RATE: value });
    } catch (error) {
      expect((error as ConfigError).issues.some((i) => i.startsWith('DEFAULT_COMMISSION_RATE:'))).toBe(true);
    }
  });
});
