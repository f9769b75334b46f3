import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  HUB_TOKEN_LIFETIME_MS,
  hubClickTokens,
  isHubTokenShaped,
  tokenMinuteOf,
} from '../../../../redirector/hubs/hubClickToken';

const KEY = crypto.randomBytes(32);
const RENDERED = Date.UTC(2026, 11, 2, 10, 30, 45);

describe('hub click tokens', () => {
  const tokens = hubClickTokens(KEY);
  const token = tokens.issue('alice', tokenMinuteOf(RENDERED));

  it('name the minute of the render, floored, and are the same for every render in it', () => {
    expect(token).toMatch(/^[0-9a-z]+\.[\w-]{22}$/);
    expect(isHubTokenShaped(token)).toBe(true);
    expect(Number.parseInt(token.split('.')[0]!, 36) * 60_000).toBe(Date.UTC(2026, 11, 2, 10, 30));
    expect(tokens.issue('alice', tokenMinuteOf(RENDERED + 14_000))).toBe(token);
    expect(tokens.issue('alice', tokenMinuteOf(RENDERED + 15_000))).not.toBe(token);
  });

  it('hold for an hour after the render, never longer', () => {
    expect(tokens.verify(token, 'alice', RENDERED)).toBe(true);
    // The minute is floored: the hour runs out up to a minute early, never late.
    expect(tokens.verify(token, 'alice', RENDERED + HUB_TOKEN_LIFETIME_MS - 46_000)).toBe(true);
    expect(tokens.verify(token, 'alice', RENDERED + HUB_TOKEN_LIFETIME_MS - 45_000)).toBe(false);
    expect(tokens.verify(token, 'alice', RENDERED + HUB_TOKEN_LIFETIME_MS)).toBe(false);
    // Another instance's clock a little behind accepts it; a token from far in the future is refused.
    expect(tokens.verify(token, 'alice', RENDERED - 60_000)).toBe(true);
    const future = tokens.issue('alice', tokenMinuteOf(RENDERED + 10 * 60_000));
    expect(tokens.verify(future, 'alice', RENDERED)).toBe(false);
  });

  it('belong to one hub and one key, and no character may change', () => {
    expect(tokens.verify(token, 'bob', RENDERED)).toBe(false);
    expect(hubClickTokens(crypto.randomBytes(32)).verify(token, 'alice', RENDERED)).toBe(false);
    const [minute, mac] = token.split('.') as [string, string];
    for (let at = 0; at < mac.length; at++) {
      const changed = `${mac.slice(0, at)}${mac[at] === 'A' ? 'B' : 'A'}${mac.slice(at + 1)}`;
      expect(tokens.verify(`${minute}.${changed}`, 'alice', RENDERED)).toBe(false);
    }
    expect(tokens.verify(`0${minute}.${mac}`, 'alice', RENDERED)).toBe(false);
    expect(tokens.verify(`${(Number.parseInt(minute, 36) + 1).toString(36)}.${mac}`, 'alice', RENDERED)).toBe(false);
    for (const shape of ['', '.', `${minute}.`, `${minute}.${mac}=`, `${minute}.${mac.slice(1)}`, `x"<>.${mac}`]) {
      expect(isHubTokenShaped(shape)).toBe(false);
      expect(tokens.verify(shape, 'alice', RENDERED)).toBe(false);
    }
  });
});
