/**
 * deploy/me.service through systemd's own checks. There is no systemd running here, so the unit is
 * verified, not started: `systemd-analyze verify` (every key known, every value parsed, the command
 * executable) and `systemd-analyze security --offline` (how much of the system the service can reach).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/testServer';

const UNIT = path.resolve(import.meta.dirname, '../../../deploy/me.service');

function systemdAnalyze(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync('systemd-analyze', args, { encoding: 'utf8', env: { ...process.env, SYSTEMD_COLORS: '0' } });
  if (run.error) {
    throw new Error(
      `systemd-analyze cannot run (${run.error.message}): install Debian's systemd package (apt-get install -y systemd), as .ci/run does`,
    );
  }
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

describe('deploy/me.service', () => {
  it('passes systemd-analyze verify without a single warning', () => {
    expect(systemdAnalyze('verify', UNIT)).toEqual({ status: 0, output: '' });
  });

  it('is one that verify would fault: a misspelt key and a bad value are reported', () => {
    const broken = path.join(makeTempDir('me-unit-'), 'me.service');
    const text = fs.readFileSync(UNIT, 'utf8');
    fs.writeFileSync(
      broken,
      text.replace('NoNewPrivileges=', 'NoNewPrivilege=').replace('Restart=on-failure', 'Restart=often'),
    );
    const { output } = systemdAnalyze('verify', broken);
    expect(output).toContain("Unknown key 'NoNewPrivilege'");
    expect(output).toContain('often');
  });

  it('runs hardened: an exposure level of 2 or less in systemd-analyze security', () => {
    const { status, output } = systemdAnalyze('security', '--offline=true', UNIT);
    expect(status, output).toBe(0);
    const level = /Overall exposure level for me\.service: ([\d.]+)/.exec(output);
    expect(level, output).not.toBeNull();
    expect(Number(level![1])).toBeLessThanOrEqual(2);
  });

  it('runs the built server as a user of its own, with its data in the state directory', () => {
    const text = fs.readFileSync(UNIT, 'utf8');
    for (const line of [
      'ExecStart=/usr/bin/env node /opt/me/dist/server/server.js',
      'DynamicUser=yes',
      'StateDirectory=me',
      'Environment=DATA_DIR=/var/lib/me',
      'Environment=TRUST_PROXY=1',
      'ProtectSystem=strict',
      'NoNewPrivileges=yes',
    ]) {
      expect(text.split('\n'), line).toContain(line);
    }
  });
});
