/**
 * The pacing knobs of link checks, webhooks and live streams as config.ts reads them (docs/api.md,
 * "Configuration"): LINK_CHECK_HOST_MS, WEBHOOK_LEASE_MS and STREAM_RECHECK_MS. Tests shorten them;
 * unset, the service keeps its pace.
 */
import { describe, expect, it } from 'vitest';
import { configOf, configFailure as failure } from '../../../helpers/configFailure';

const events = (env: Record<string, string>) => configOf(env).events;

const KNOBS = [
  { name: 'LINK_CHECK_HOST_MS', field: 'linkCheckHostMs', fallback: 1_000 },
  { name: 'WEBHOOK_LEASE_MS', field: 'webhookLeaseMs', fallback: 30_000 },
  { name: 'STREAM_RECHECK_MS', field: 'streamRecheckMs', fallback: 2_000 },
] as const;

describe.each(KNOBS)('$name', ({ name, field, fallback }) => {
  it(`is ${fallback} ms when unset or empty`, () => {
    expect(events({})[field]).toBe(fallback);
    expect(events({ [name]: '' })[field]).toBe(fallback);
    expect(events({ [name]: '  ' })[field]).toBe(fallback);
  });

  it('takes a whole number of ms, 1 or more, spaces around it allowed', () => {
    expect(events({ [name]: '1' })[field]).toBe(1);
    expect(events({ [name]: ' 150 ' })[field]).toBe(150);
    expect(events({ [name]: '86400000' })[field]).toBe(86_400_000);
  });

  it('changes nothing but itself', () => {
    const others = KNOBS.filter((knob) => knob.name !== name);
    const config = events({ [name]: '7' });
    for (const other of others) expect(config[other.field]).toBe(other.fallback);
  });

  it('refuses anything else with one clear message', () => {
    for (const value of ['0', '-5', '1.5', '1e3', '0x10', 'fast', '10 ms', '99999999999999999999']) {
      expect(failure({ [name]: value }), value).toBe(
        `${name} must be a whole number of ms, 1 or more (got "${value}")`,
      );
    }
  });
});
