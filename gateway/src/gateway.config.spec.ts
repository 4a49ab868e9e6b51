import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '@projectory/platform';
import { gatewayConfigSchema } from './gateway.config.js';

const trustProxy = (value: string) =>
  loadConfig('gateway', gatewayConfigSchema, {
    INTERNAL_SECRET: 'unit-test-secret-0123456789abcdefghij',
    TRUST_PROXY: value,
  }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('takes addresses or CIDRs as they are, and true/false as booleans', () => {
    expect(trustProxy('10.0.0.0/8,fc00::/7')).toBe('10.0.0.0/8,fc00::/7');
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('false')).toBe(false);
  });

  it('refuses a hop count, which fastify 5 would read as "trust nobody"', () => {
    expect(() => trustProxy('1')).toThrow(/TRUST_PROXY: a hop count is not supported/);
  });
});
