import { describe, expect, it } from 'vitest';
import { ArgsError, parseBenchArgs } from '../../../../scripts/bench/args';

describe('parseBenchArgs', () => {
  it('has full-length defaults', () => {
    expect(parseBenchArgs([])).toEqual({
      quick: false,
      jsonFile: undefined,
      generator: undefined,
      connections: 50,
      durationSeconds: 10,
      warmupSeconds: 5,
      runs: 3,
      links: 10_000,
      clicks: 1_000_000,
      store: 'sqlite',
      analytics: 'both',
      against: undefined,
      cpuProfileDir: undefined,
      nodeFlags: [],
      paceShare: 0.5,
      eventsWithout: [],
      eventsOnly: false,
      redirectOnly: false,
      analyticsOnly: false,
      replica: false,
      help: false,
    });
  });

  it('measures PostgreSQL beside SQLite with --store postgres', () => {
    expect(parseBenchArgs(['--store', 'postgres']).store).toBe('postgres');
    expect(() => parseBenchArgs(['--store', 'mysql'])).toThrow(
      new ArgsError('--store must be sqlite or postgres (got "mysql")'),
    );
  });

  it('seeds and times the analytics on PostgreSQL alone with --analytics postgres', () => {
    expect(parseBenchArgs(['--store', 'postgres', '--analytics', 'postgres']).analytics).toBe('postgres');
    expect(() => parseBenchArgs(['--analytics', 'postgres'])).toThrow(
      new ArgsError('--analytics postgres needs --store postgres'),
    );
    expect(() => parseBenchArgs(['--store', 'postgres', '--analytics', 'sqlite'])).toThrow(
      new ArgsError('--analytics must be both or postgres (got "sqlite")'),
    );
  });

  it('shortens every phase with --quick', () => {
    expect(parseBenchArgs(['--quick'])).toMatchObject({
      quick: true,
      durationSeconds: 3,
      warmupSeconds: 1,
      runs: 3,
      clicks: 100_000,
    });
  });

  it('reads the valued options', () => {
    expect(
      parseBenchArgs([
        '--json',
        'out.json',
        '--generator',
        'autocannon',
        '--connections',
        '100',
        '--duration',
        '20',
        '--runs',
        '5',
        '--clicks',
        '2000',
      ]),
    ).toMatchObject({
      jsonFile: 'out.json',
      generator: 'autocannon',
      connections: 100,
      durationSeconds: 20,
      runs: 5,
      clicks: 2000,
    });
    expect(parseBenchArgs(['--quick', '--duration', '7']).durationSeconds).toBe(7);
    expect(parseBenchArgs(['-h']).help).toBe(true);
  });

  it('profiles the servers into a folder with --cpu-prof', () => {
    expect(parseBenchArgs(['--quick', '--cpu-prof', 'profiles']).cpuProfileDir).toBe('profiles');
    expect(() => parseBenchArgs(['--cpu-prof'])).toThrow(new ArgsError('--cpu-prof needs a value'));
  });

  it("runs the events phase's server without the parts --events-without names", () => {
    expect(parseBenchArgs(['--events-only', '--events-without', 'streams']).eventsWithout).toEqual(['streams']);
    expect(parseBenchArgs(['--events-without', 'webhook,broker']).eventsWithout).toEqual(['webhook', 'broker']);
    for (const wrong of ['stream', 'webhook,webhook', '', 'webhook,,broker']) {
      expect(() => parseBenchArgs(['--events-without', wrong])).toThrow(
        new ArgsError(`--events-without takes webhook, streams, broker, comma-separated, each once (got "${wrong}")`),
      );
    }
    expect(() => parseBenchArgs(['--events-without'])).toThrow(new ArgsError('--events-without needs a value'));
  });

  it("paces the events phase's runs to --pace-share of the plain server's unpaced rate", () => {
    expect(parseBenchArgs(['--events-only', '--pace-share', '0.35']).paceShare).toBe(0.35);
    expect(parseBenchArgs(['--pace-share', '1']).paceShare).toBe(1);
    expect(parseBenchArgs(['--pace-share', '.1']).paceShare).toBe(0.1);
    for (const wrong of ['0.05', '1.5', '0.355', 'half', '', '.', '1e-1']) {
      expect(() => parseBenchArgs(['--pace-share', wrong])).toThrow(
        new ArgsError(`--pace-share must be a number from 0.1 to 1 with at most two decimals (got "${wrong}")`),
      );
    }
    expect(() => parseBenchArgs(['--pace-share'])).toThrow(new ArgsError('--pace-share needs a value'));
  });

  it('gives the servers more Node flags with --node-flags, in one argument', () => {
    expect(
      parseBenchArgs(['--node-flags', ' --perf-prof  --interpreted-frames-native-stack ', '--quick']),
    ).toMatchObject({
      nodeFlags: ['--perf-prof', '--interpreted-frames-native-stack'],
      quick: true,
    });
    expect(() => parseBenchArgs(['--node-flags'])).toThrow(ArgsError);
    expect(() => parseBenchArgs(['--node-flags', ' '])).toThrow(ArgsError);
    expect(() => parseBenchArgs(['--node-flags', '--perf-prof perf'])).toThrow(
      new ArgsError('--node-flags takes Node flags, each starting with -- (got "perf")'),
    );
  });

  it('says what is wrong with bad options', () => {
    expect(() => parseBenchArgs(['--fast'])).toThrow(new ArgsError('unknown option "--fast" (see --help)'));
    expect(() => parseBenchArgs(['--json'])).toThrow(new ArgsError('--json needs a value'));
    expect(() => parseBenchArgs(['--json', '--quick'])).toThrow(new ArgsError('--json needs a value'));
    expect(() => parseBenchArgs(['--generator', 'ab'])).toThrow(
      new ArgsError('--generator must be wrk or autocannon (got "ab")'),
    );
    expect(() => parseBenchArgs(['--runs', '0'])).toThrow(
      new ArgsError('--runs must be a whole number from 1 to 99 (got "0")'),
    );
    expect(() => parseBenchArgs(['--connections', '2.5'])).toThrow(ArgsError);
  });
  it('--redirect-only runs the redirect phase alone', () => {
    expect(parseBenchArgs(['--quick', '--redirect-only']).redirectOnly).toBe(true);
    expect(parseBenchArgs(['--redirect-only', '--against', 'cc2e512']).against).toBe('cc2e512');
    expect(() => parseBenchArgs(['--redirect-only', '--events-only'])).toThrow(
      new ArgsError('--redirect-only runs the redirect phase alone: not with --events-only or --replica'),
    );
    expect(() => parseBenchArgs(['--redirect-only', '--replica'])).toThrow(ArgsError);
  });

  it('--analytics-only runs the analytics phase alone', () => {
    expect(parseBenchArgs(['--analytics-only', '--clicks', '10000000']).analyticsOnly).toBe(true);
    expect(parseBenchArgs(['--analytics-only', '--store', 'postgres', '--analytics', 'postgres']).analytics).toBe(
      'postgres',
    );
    expect(() => parseBenchArgs(['--analytics-only', '--redirect-only'])).toThrow(
      new ArgsError('--analytics-only runs the analytics phase alone: not with another phase option or --against'),
    );
    expect(() => parseBenchArgs(['--analytics-only', '--against', 'cc2e512'])).toThrow(ArgsError);
  });

  it('--events-only runs the events part alone', () => {
    expect(parseBenchArgs(['--quick', '--events-only']).eventsOnly).toBe(true);
  });
  it('--replica seeds ten million clicks unless told (--quick: 100,000), and runs alone', () => {
    expect(parseBenchArgs(['--replica'])).toMatchObject({ replica: true, clicks: 10_000_000 });
    expect(parseBenchArgs(['--replica', '--quick']).clicks).toBe(100_000);
    expect(parseBenchArgs(['--replica', '--clicks', '200000']).clicks).toBe(200_000);
    expect(parseBenchArgs(['--clicks', '200000']).replica).toBe(false);
    expect(() => parseBenchArgs(['--replica', '--events-only'])).toThrow(ArgsError);
  });
});
