// The environment of a host (SPEC 4: the collector's dev / staging / prod; SPEC 9: analytics'
// staging on internal hosts, otherwise production).
import { describe, expect, it } from 'vitest';
import { analyticsEnvironmentOf, environmentOf } from '../../../app/analytics/environment.js';

describe('environmentOf', () => {
  it('classes a developer machine as dev, with or without a port', () => {
    for (const h of [
      'localhost',
      'LOCALHOST:3000',
      '127.0.0.1',
      '127.0.0.1:8080',
      '::1',
      '[::1]:3000',
      'shop.localhost',
      'saltgrass.test',
      'my-mac.local',
    ])
      expect(environmentOf(h), h).toBe('dev');
  });

  it('classes staging names, internal names and private addresses as staging', () => {
    for (const h of [
      'staging.shop.com',
      'shop-staging.example.com',
      'stage.saltgrass.co.uk',
      'shop.internal',
      'intranet',
      '10.0.0.5',
      '192.168.1.20:8080',
      '172.20.1.1',
      'fd12:3456::1',
    ])
      expect(environmentOf(h), h).toBe('staging');
  });

  it('classes public hosts as prod, including names that only contain the word', () => {
    for (const h of [
      'saltgrass.com',
      'www.saltgrass.com:443',
      'shop.example.com',
      'backstage.com',
      'stagecoach-pottery.com',
      '172.32.0.1',
      '8.8.8.8',
      'SALTGRASS.COM.',
    ])
      expect(environmentOf(h), h).toBe('prod');
  });
});

describe('analyticsEnvironmentOf', () => {
  it('is staging on any internal host and production otherwise', () => {
    expect(analyticsEnvironmentOf('saltgrass.com')).toBe('production');
    expect(analyticsEnvironmentOf('staging.saltgrass.com')).toBe('staging');
    expect(analyticsEnvironmentOf('127.0.0.1')).toBe('staging');
  });
});
