/**
 * A real DNS server on loopback for the custom-domain tests: Debian's dnsmasq, started with a
 * configuration of the test's own (no system files, no upstream), answering TXT records the test
 * sets, the addresses it is started with (a name and every name under it) and NXDOMAIN for every
 * other name under `.test`. Changing the records restarts it on the
 * same port (dnsmasq reads TXT records only on start).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import dgram from 'node:dgram';
import { Resolver } from 'node:dns/promises';

export const DNSMASQ = '/usr/sbin/dnsmasq';

export interface DnsServer {
  /** For DNS_SERVERS. */
  address: string;
  /** Name → the TXT strings it answers (each one record); replaces every record. */
  setTxt(records: Record<string, string[]>): Promise<void>;
  stop(): Promise<void>;
}

async function freeUdpPort(): Promise<number> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** `addresses`: name → the IPv4 address it (and every name under it) resolves to. */
export async function startDnsServer(options: { addresses?: Record<string, string> } = {}): Promise<DnsServer> {
  const port = await freeUdpPort();
  const address = `127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  async function stopChild(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }

  async function start(records: Record<string, string[]>): Promise<void> {
    const txt = Object.entries(records).flatMap(([name, values]) =>
      // Given without a shell: no quotes (a comma would split the string in two).
      values.map((value) => `--txt-record=${name},${value}`),
    );
    child = spawn(
      DNSMASQ,
      [
        '--keep-in-foreground',
        '--conf-file=/dev/null',
        `--port=${port}`,
        '--listen-address=127.0.0.1',
        '--bind-interfaces',
        '--no-resolv',
        '--no-hosts',
        '--pid-file=',
        '--local=/test/',
        // Answers the readiness probe below.
        '--txt-record=ready.test,ready',
        ...txt,
        ...Object.entries(options.addresses ?? {}).map(([name, address]) => `--address=/${name}/${address}`),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const resolver = new Resolver({ timeout: 200, tries: 1 });
    resolver.setServers([address]);
    const deadline = Date.now() + 5000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`dnsmasq exited with ${child.exitCode}`);
      try {
        await resolver.resolveTxt('ready.test');
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  await start({});
  return {
    address,
    async setTxt(records) {
      await stopChild();
      await start(records);
    },
    stop: stopChild,
  };
}
