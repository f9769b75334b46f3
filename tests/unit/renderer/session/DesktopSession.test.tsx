// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DesktopChange, DesktopState, MeDesktopApi } from '../../../../redirector/contract/desktop';
import { useApi } from '../../../../renderer/src/api/ApiProvider';
import {
  DesktopSessionProvider,
  type DesktopSessionValue,
  serverLabel,
  sessionEndedMessage,
  useDesktopSession,
} from '../../../../renderer/src/session/DesktopSession';

afterEach(cleanup);

const EMPTY: DesktopState = {
  servers: [],
  activeServer: null,
  token: null,
  tokenStorage: 'encrypted',
  clicksPerMinuteAlert: null,
};

/**
 * A stand-in for what the preload puts on window (main's store itself runs in tests/unit/main and,
 * behind this same provider, in tests/e2e/desktop.spec.ts): it answers each call with the next
 * prepared state and records what the page asked for.
 */
function preparedBridge(answers: DesktopState[]) {
  const calls: (DesktopChange | 'clear')[] = [];
  const next = async () => {
    const answer = answers.shift();
    if (!answer) throw new Error('No remembered server at https://unknown.example');
    return answer;
  };
  const bridge: MeDesktopApi = {
    get: async () => EMPTY,
    set: (change) => {
      calls.push(change);
      return next();
    },
    clear: () => {
      calls.push('clear');
      return next();
    },
  };
  return { bridge, calls };
}

const connected = (baseUrl: string, token: string): DesktopState => ({
  ...EMPTY,
  servers: [{ baseUrl, publicUrl: baseUrl, connectedAt: '2026-01-01T00:00:00.000Z', signedIn: true }],
  activeServer: baseUrl,
  token,
});

let session: DesktopSessionValue | null = null;

function Probe() {
  session = useDesktopSession();
  return <output aria-label="api base">{useApi().http.baseUrl}</output>;
}

function renderSession(answers: DesktopState[]) {
  const { bridge, calls } = preparedBridge(answers);
  render(
    <DesktopSessionProvider bridge={bridge} initial={EMPTY}>
      <Probe />
    </DesktopSessionProvider>,
  );
  const current = () => session as DesktopSessionValue;
  return { calls, current };
}

const apiBase = () => screen.getByLabelText('api base').textContent;

describe('DesktopSessionProvider', () => {
  it("builds the API client on main's active server and rebuilds it on every connect and switch", async () => {
    const { calls, current } = renderSession([
      connected('https://b.example', 'tb'),
      connected('https://a.example', 'ta'),
    ]);
    expect(apiBase()).toBe('');
    const typed: DesktopChange = { kind: 'connect', baseUrl: 'b.example', publicUrl: 'https://b.example', token: 'tb' };
    await act(() => current().change(typed));
    // The page follows main's answer (main normalised the typed address), not what it sent.
    expect(apiBase()).toBe('https://b.example');
    expect(current().state).toMatchObject({ activeServer: 'https://b.example', token: 'tb' });
    await act(() => current().change({ kind: 'activate', baseUrl: 'https://a.example' }));
    expect(apiBase()).toBe('https://a.example');
    expect(calls).toEqual([typed, { kind: 'activate', baseUrl: 'https://a.example' }]);
  });

  it('signs out through meDesktop.clear() and keeps the reason for the Connect screen', async () => {
    const { calls, current } = renderSession([connected('https://a.example', 'ta'), EMPTY]);
    await act(() =>
      current().change({ kind: 'connect', baseUrl: 'https://a.example', publicUrl: 'https://a.example', token: 'ta' }),
    );
    await act(() => current().signOut('session ended'));
    expect(calls.at(-1)).toBe('clear');
    expect(current().notice).toBe('session ended');
    expect(current().state).toMatchObject({ activeServer: null, token: null });
    expect(apiBase()).toBe('');
    act(() => current().clearNotice());
    expect(current().notice).toBeNull();
  });

  it("passes on main's refusal, leaving the state as it was", async () => {
    const { current } = renderSession([]);
    await expect(current().change({ kind: 'activate', baseUrl: 'https://unknown.example' })).rejects.toThrow(
      'No remembered server at https://unknown.example',
    );
    expect(current().state).toEqual(EMPTY);
  });
});

describe('useDesktopSession', () => {
  it('is null in the browser build', () => {
    function Browser() {
      return <output aria-label="session">{String(useDesktopSession())}</output>;
    }
    render(<Browser />);
    expect(screen.getByLabelText('session').textContent).toBe('null');
  });
});

describe('words', () => {
  it('names the server whose session ended', () => {
    expect(sessionEndedMessage('https://me.example.com')).toBe(
      "https://me.example.com no longer accepts this app's session (signed out elsewhere, or expired). Enter the admin key to connect again.",
    );
    expect(sessionEndedMessage(null)).toMatch(/^The server no longer accepts/);
  });

  it('labels a server without its scheme', () => {
    expect(serverLabel('https://me.example.com/base')).toBe('me.example.com/base');
    expect(serverLabel('http://127.0.0.1:8080')).toBe('127.0.0.1:8080');
  });
});
