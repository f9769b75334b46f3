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
import net from 'node:net';

export const DNSMASQ = '/usr/sbin/dnsmasq';

export interface DnsServer {
  /** For DNS_SERVERS. */
  address: string;
  /** Name → the TXT strings it answers (each one record); replaces every record. */
  setTxt(records: Record<string, string[]>): Promise<void>;
  stop(): Promise<void>;
}

/** Below the kernel's ephemeral range (32768–60999 here), so no outgoing connection takes it. */
const PORT_RANGE = [20000, 32000] as const;

async function bindable(port: number, kind: 'udp' | 'tcp'): Promise<boolean> {
  if (kind === 'udp') {
    const socket = dgram.createSocket('udp4');
    const bound = await new Promise<boolean>((resolve) => {
      socket.once('error', () => resolve(false));
      socket.bind(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) await new Promise<void>((resolve) => socket.close(() => resolve()));
    return bound;
  }
  const server = net.createServer();
  const bound = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (bound) await new Promise((resolve) => server.close(resolve));
  return bound;
}

/** dnsmasq listens on UDP and TCP both: a port free for one may be taken on the other. */
async function freePort(): Promise<number> {
  for (;;) {
    const port = PORT_RANGE[0] + Math.floor(Math.random() * (PORT_RANGE[1] - PORT_RANGE[0]));
    if ((await bindable(port, 'udp')) && (await bindable(port, 'tcp'))) return port;
  }
}

/** dnsmasq's exit status when it cannot bind its port. */
const EXIT_ADDRESS_IN_USE = 2;

/**
 * `addresses`: name → the IPv4 address it (and every name under it) resolves to. `denyingAll`: the
 * server answers NXDOMAIN for every name, the root's too, as a sandbox's resolver without a way out does.
 */
export async function startDnsServer(
  options: { addresses?: Record<string, string>; denyingAll?: boolean } = {},
): Promise<DnsServer> {
  let port = await freePort();
  let address = `127.0.0.1:${port}`;
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
        ...(options.denyingAll ? ['--address=/#/'] : []),
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

  // Another test may bind the port between the probe and dnsmasq: the first start takes another.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await start({});
      break;
    } catch (error) {
      if (attempt === 5 || child?.exitCode !== EXIT_ADDRESS_IN_USE) throw error;
      port = await freePort();
      address = `127.0.0.1:${port}`;
    }
  }
  return {
    address,
    async setTxt(records) {
      await stopChild();
      await start(records);
    },
    stop: stopChild,
  };
}
