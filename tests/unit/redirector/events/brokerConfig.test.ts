/** EVENTS_BROKER_URL and its options as config.ts reads them (docs/api.md#events-into-a-broker). */
import { describe, expect, it } from 'vitest';
import { configOf, configFailure as failure } from '../../../helpers/configFailure';

const load = (env: Record<string, string>) => configOf(env).events.broker;

describe('EVENTS_BROKER_URL', () => {
  it('is off when unset or empty', () => {
    expect(load({})).toBeUndefined();
    expect(load({ EVENTS_BROKER_URL: ' ' })).toBeUndefined();
  });

  it('names each broker by its scheme, with the default topic and stream', () => {
    const kinds = {
      'amqp://guest:guest@127.0.0.1:5672': 'amqp',
      'amqps://rabbit.example': 'amqp',
      'nats://127.0.0.1:4222': 'nats',
      'redis://:secret@127.0.0.1:6379/2': 'redis',
      'mqtt://user:pw@127.0.0.1:1883': 'mqtt',
      'mqtts://broker.example:8883': 'mqtt',
    };
    for (const [url, kind] of Object.entries(kinds)) {
      expect(load({ EVENTS_BROKER_URL: url })).toMatchObject({ kind, url, topic: 'me.events', stream: 'ME_EVENTS' });
    }
    expect(load({ EVENTS_BROKER_URL: 'redis://:secret@127.0.0.1:6379/2' })?.safeName).toBe('redis://127.0.0.1:6379');
  });

  it('takes EVENTS_BROKER_TOPIC and EVENTS_BROKER_STREAM', () => {
    expect(
      load({ EVENTS_BROKER_URL: 'nats://127.0.0.1', EVENTS_BROKER_TOPIC: 'shop.links', EVENTS_BROKER_STREAM: 'SHOP' }),
    ).toMatchObject({ topic: 'shop.links', stream: 'SHOP' });
  });

  it('refuses a bad value with one line that never shows the password', () => {
    expect(failure({ EVENTS_BROKER_URL: 'not a url' })).toBe(
      'EVENTS_BROKER_URL must be an amqp://, nats://, redis:// or mqtt:// URL',
    );
    const wrong = failure({ EVENTS_BROKER_URL: 'http://user:hunter2@broker.example:80' });
    expect(wrong).toBe(
      'EVENTS_BROKER_URL must be an amqp://, nats://, redis:// or mqtt:// URL with a host (got "http://broker.example")',
    );
    expect(failure({ EVENTS_BROKER_URL: 'redis://127.0.0.1', EVENTS_BROKER_TOPIC: 'a.>' })).toMatch(
      /^EVENTS_BROKER_TOPIC must be/,
    );
    expect(failure({ EVENTS_BROKER_URL: 'nats://127.0.0.1', EVENTS_BROKER_STREAM: 'a.b' })).toMatch(
      /^EVENTS_BROKER_STREAM must be/,
    );
  });
});
