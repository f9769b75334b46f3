/**
 * npm run bench: the product's production build against a bare node:http floor, the analytics
 * calls at a million clicks, and the server's memory. See docs/performance.md and --help.
 * Everything runs on loopback, in a temp folder, bounded in time.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchAgainst, stopAgainst } from './bench/againstRun';
import { benchAnalytics, formatAnalyticsTable } from './bench/analytics';
import { ArgsError, type BenchArgs, type Generator, parseBenchArgs, USAGE } from './bench/args';
import { startBenchBroker } from './bench/benchBroker';
import { ensureServerBuild } from './bench/build';
import {
  BENCH_DOMAIN,
  type BenchData,
  type BenchSchema,
  countStoredClicks,
  createBenchSchema,
  createDomainLinks,
  createLinks,
  databaseFile,
  unfoldedClicks,
} from './bench/database';
import {
  benchEvents,
  type EventsFigures,
  type EventsSide,
  eventsJson,
  eventsLines,
  eventsWarmupSeconds,
} from './bench/events';
import { HUB_ITEMS, HUB_LINKS, hubVisits, prepareHub } from './bench/hub';
import { benchYourlsImport, type ImportFigures } from './bench/importYourls';
import { readMemory } from './bench/memory';
import {
  type CorePlan,
  detectCores,
  hasCommand,
  type OwnServers,
  offServerCpu,
  postgresCpuUs,
  processCpuUs,
  type RunningServer,
  startFloor,
  startProduct,
} from './bench/processes';
import { runLoad } from './bench/redirect';
import { benchReplica, replicaLines, stopReplicaClusters } from './bench/replica';
import {
  type AnalyticsFigures,
  analyticsLines,
  type BenchResult,
  formatReport,
  type MachineInfo,
  type MemoryFigures,
  type RedirectFigures,
  toJson,
} from './bench/report';
import { makeRuleLinks } from './bench/ruleLinks';
import { redirectRunOrder } from './bench/runOrder';
import { scriptArgs } from './bench/scriptArgs';
import { type SeedResult, seedWithProgress } from './bench/seed';
import { benchStreamsAtScale } from './bench/streamsAtScale';
import { makeLinks, makeVisitPool, onHost, type Visit } from './bench/traffic';
import { visitEveryLink } from './bench/visitEveryLink';
import { type LoadResult, wrkScript } from './bench/wrkScript';

const VISIT_POOL_SIZE = 20_000;
const started = Date.now();
const running = new Set<RunningServer>();
let tempDir: string | undefined;
let benchSchema: BenchSchema | undefined;

function progress(message: string): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(1).padStart(5);
  process.stderr.write(`bench [${seconds} s] ${message}\n`);
}

async function stopServer(server: RunningServer): Promise<number | null> {
  running.delete(server);
  return server.stop();
}

/** --cpu-prof: each server's profiles in a folder of its own under the one given. */
function profileDir(args: BenchArgs, server: string): string | undefined {
  return args.cpuProfileDir === undefined ? undefined : path.resolve(args.cpuProfileDir, server);
}

function cleanUp(): void {
  if (tempDir !== undefined) fs.rmSync(tempDir, { recursive: true, force: true });
  tempDir = undefined;
}

function machineInfo(generator: Generator, cores: CorePlan): MachineInfo {
  let generatorName: string = generator;
  if (generator === 'wrk') {
    try {
      execFileSync('wrk', ['--version'], { encoding: 'utf8' });
    } catch (error) {
      // wrk --version exits 1 after printing its version line.
      const out = String((error as { stdout?: string }).stdout ?? '');
      generatorName = out.split('\n')[0]?.split(' [')[0]?.trim() || 'wrk';
    }
    generatorName += ', 1 thread';
  } else {
    generatorName = 'autocannon 9 (in the bench process)';
  }
  return {
    cpuModel: os.cpus()[0]?.model ?? 'unknown CPU',
    cpus: cores.cpus,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()}`,
    node: process.versions.node,
    generator: generatorName,
    pinning: cores.note,
  };
}

interface RedirectPhase {
  figures: RedirectFigures;
  /** The 100-item hub page (50 links) on the same server, run after each redirect run. */
  hub: LoadResult[];
  postgres?: { figures: RedirectFigures; databaseCpuUs: number[] };
  startMb?: number;
  afterMb?: number;
}

/** A load run with the server's CPU time per completed response (and the database's, when asked). */
async function measured(
  server: RunningServer,
  run: () => Promise<LoadResult>,
  database?: number[],
): Promise<LoadResult> {
  const before = processCpuUs(server.pid);
  const databaseBefore = database ? postgresCpuUs() : undefined;
  const result = await run();
  const after = processCpuUs(server.pid);
  const databaseAfter = database ? postgresCpuUs() : undefined;
  const perRequest = (from: number | undefined, to: number | undefined) =>
    from === undefined || to === undefined || result.requests === 0 ? undefined : (to - from) / result.requests;
  if (database) {
    const used = perRequest(databaseBefore, databaseAfter);
    if (used !== undefined) database.push(used);
  }
  return { ...result, cpuUs: perRequest(before, after) };
}

async function redirectPhase(
  args: BenchArgs,
  generator: Generator,
  cores: CorePlan,
  dir: string,
  databaseUrl: string | undefined,
): Promise<RedirectPhase> {
  const dataDir = path.join(dir, 'redirect');
  fs.mkdirSync(dataDir);
  progress(`creating ${args.links.toLocaleString('en-US')} links`);
  const links = makeLinks(args.links);
  // The same number of split links (docs/api.md#split-traffic): two variants each, for the split's cost beside a plain link's.
  const splitLinks = makeLinks(args.links, 7).map((link) => ({
    ...link,
    variants: [
      { url: link.target_url, weight: 50 },
      { url: `${link.target_url}${link.target_url.includes('?') ? '&' : '?'}variant=b`, weight: 50 },
    ],
  }));
  const ruleLinks = makeRuleLinks(links);
  const sqliteData: BenchData = { dataDir };
  const postgresData: BenchData | undefined = databaseUrl
    ? { dataDir: path.join(dir, 'redirect-pg'), databaseUrl }
    : undefined;
  await createLinks(sqliteData, [...links, ...splitLinks, ...ruleLinks]);
  // The same links on a verified custom domain, measured beside the default domain (SQLite only).
  await createDomainLinks(sqliteData, links);
  if (postgresData) {
    fs.mkdirSync(postgresData.dataDir);
    await createLinks(postgresData, links);
  }
  const linksFile = path.join(dir, 'links.json');
  fs.writeFileSync(linksFile, JSON.stringify(links.map(({ short_code, target_url }) => ({ short_code, target_url }))));
  const visits: Visit[] = makeVisitPool({ links, size: VISIT_POOL_SIZE });
  const scriptFile = path.join(dir, 'visits.lua');
  fs.writeFileSync(scriptFile, wrkScript(visits));
  const domainVisits = onHost(visits, BENCH_DOMAIN);
  const domainScriptFile = path.join(dir, 'visits-domain.lua');
  fs.writeFileSync(domainScriptFile, wrkScript(domainVisits));
  const splitVisits: Visit[] = makeVisitPool({ links: splitLinks, size: VISIT_POOL_SIZE });
  const splitScriptFile = path.join(dir, 'split-visits.lua');
  fs.writeFileSync(splitScriptFile, wrkScript(splitVisits));
  const ruleVisits: Visit[] = makeVisitPool({ links: ruleLinks, size: VISIT_POOL_SIZE });
  const ruleScriptFile = path.join(dir, 'rule-visits.lua');
  fs.writeFileSync(ruleScriptFile, wrkScript(ruleVisits));

  progress(
    `starting Me (dist/server/server.js, TRUST_PROXY=1)${postgresData ? ' on SQLite and on PostgreSQL' : ''} and the floor`,
  );
  const adminKey = crypto.randomBytes(18).toString('base64url');
  const product = await startProduct({
    dataDir,
    adminKey,
    cpu: cores.serverCpu,
    cpuProfileDir: profileDir(args, 'redirect'),
    nodeFlags: args.nodeFlags,
  });
  running.add(product);
  const onPostgres = postgresData
    ? await startProduct({
        ...postgresData,
        adminKey,
        cpu: cores.serverCpu,
        cpuProfileDir: profileDir(args, 'redirect-pg'),
        nodeFlags: args.nodeFlags,
      })
    : undefined;
  if (onPostgres) running.add(onPostgres);
  const floor = await startFloor(linksFile, cores.serverCpu);
  running.add(floor);
  const startMb = readMemory(product.pid)?.rssMb;

  const load = (server: RunningServer, seconds: number, onDomain = false) =>
    runLoad({
      generator,
      url: server.url,
      connections: args.connections,
      seconds,
      scriptFile: onDomain ? domainScriptFile : scriptFile,
      visits: onDomain ? domainVisits : visits,
      cpu: cores.generatorCpu,
    });
  const splitLoad = (server: RunningServer, seconds: number) =>
    runLoad({
      generator,
      url: server.url,
      connections: args.connections,
      seconds,
      scriptFile: splitScriptFile,
      visits: splitVisits,
      cpu: cores.generatorCpu,
    });
  const ruleLoad = (server: RunningServer, seconds: number) =>
    runLoad({
      generator,
      url: server.url,
      connections: args.connections,
      seconds,
      scriptFile: ruleScriptFile,
      visits: ruleVisits,
      cpu: cores.generatorCpu,
    });
  const ruleRuns: LoadResult[] = [];
  const splitRuns: LoadResult[] = [];
  const productRuns: LoadResult[] = [];
  const domainRuns: LoadResult[] = [];
  const postgresRuns: LoadResult[] = [];
  const databaseCpuUs: number[] = [];
  const floorRuns: LoadResult[] = [];
  const hubRuns: LoadResult[] = [];
  progress(`publishing a ${HUB_ITEMS}-item hub of ${HUB_LINKS} links`);
  const hubPath = await prepareHub(product.url);
  const hubScript = path.join(dir, 'hub.lua');
  const hubPool = hubVisits(visits, hubPath);
  fs.writeFileSync(hubScript, wrkScript(hubPool));
  const loadHub = (seconds: number) =>
    runLoad({
      generator,
      url: product.url,
      connections: args.connections,
      seconds,
      scriptFile: hubScript,
      visits: hubPool,
      cpu: cores.generatorCpu,
    });
  let answered = 0;
  let postgresAnswered = 0;
  progress(`warm-up: ${args.warmupSeconds} s each`);
  answered += (await load(product, args.warmupSeconds)).answered;
  answered += (await load(product, args.warmupSeconds, true)).answered;
  // The split links are other links: warmed as well, so that no measured run pays their first lookups.
  answered += (await splitLoad(product, args.warmupSeconds)).answered;
  answered += (await ruleLoad(product, args.warmupSeconds)).answered;
  if (onPostgres) postgresAnswered += (await load(onPostgres, args.warmupSeconds)).answered;
  await load(floor, args.warmupSeconds);
  await loadHub(args.warmupSeconds);
  // Every link visited once, so no measured run pays a link's first lookup (bench/visitEveryLink.ts).
  progress('visiting every link of the visit pools once');
  for (const pool of [visits, domainVisits, splitVisits, ruleVisits])
    answered += await visitEveryLink(product.url, pool);
  if (onPostgres) postgresAnswered += await visitEveryLink(onPostgres.url, visits);
  for (let run = 1; run <= args.runs; run++) {
    // Plain links, the custom domain, the split links and the 20-rule links take turns in each
    // place, so none always inherits another's leftovers (the clicks still being folded, a
    // checkpoint), and each is compared with the plain run of its own round: bench/runOrder.ts.
    for (const kind of redirectRunOrder(run)) {
      const what = {
        plain: '',
        domain: ` on the custom domain ${BENCH_DOMAIN}`,
        rules: ', links with 20 rules',
        split: ', split links',
      }[kind];
      progress(`run ${run}/${args.runs}: Me${what}, ${args.durationSeconds} s`);
      const result = await measured(product, () =>
        kind === 'rules'
          ? ruleLoad(product, args.durationSeconds)
          : kind === 'split'
            ? splitLoad(product, args.durationSeconds)
            : load(product, args.durationSeconds, kind === 'domain'),
      );
      answered += result.answered;
      ({ plain: productRuns, domain: domainRuns, rules: ruleRuns, split: splitRuns })[kind].push(result);
    }
    if (onPostgres) {
      progress(`run ${run}/${args.runs}: Me on PostgreSQL, ${args.durationSeconds} s`);
      const pgResult = await measured(onPostgres, () => load(onPostgres, args.durationSeconds), databaseCpuUs);
      postgresAnswered += pgResult.answered;
      postgresRuns.push(pgResult);
    }
    progress(`run ${run}/${args.runs}: floor, ${args.durationSeconds} s`);
    floorRuns.push(await measured(floor, () => load(floor, args.durationSeconds)));
    progress(`run ${run}/${args.runs}: the hub page, ${args.durationSeconds} s`);
    hubRuns.push(await measured(product, () => loadHub(args.durationSeconds)));
  }
  const afterMb = readMemory(product.pid)?.rssMb;

  progress('stopping Me with SIGTERM and counting stored clicks');
  await stopServer(floor);
  const stopped = async (
    server: RunningServer,
    data: BenchData,
    sent: number,
    runs: LoadResult[],
    customDomain?: LoadResult[],
  ) => {
    const exitCode = await stopServer(server);
    let stored: number | undefined;
    try {
      stored = await countStoredClicks(data);
    } catch (error) {
      progress(`could not count stored clicks: ${(error as Error).message}`);
    }
    return { product: runs, floor: floorRuns, customDomain, answered: sent, stored, exitCode };
  };
  const figures = {
    ...(await stopped(product, sqliteData, answered, productRuns, domainRuns)),
    split: splitRuns,
    rules: ruleRuns,
  };
  const postgres =
    onPostgres && postgresData
      ? { figures: await stopped(onPostgres, postgresData, postgresAnswered, postgresRuns), databaseCpuUs }
      : undefined;
  return { figures, postgres, startMb, afterMb, hub: hubRuns };
}

/** Redirects on one SQLite server, plain and then (restarted with a broker) with one link.clicked webhook, the broker and 100 open streams (bench/events.ts). */
async function eventsPhase(
  args: BenchArgs,
  generator: Generator,
  cores: CorePlan,
  dir: string,
): Promise<EventsFigures | undefined> {
  const dataDir = path.join(dir, 'events');
  fs.mkdirSync(dataDir);
  const links = makeLinks(args.links);
  await createLinks({ dataDir }, links);
  // The runs with events start on this copy, the data as it was before the plain runs: on the plain
  // server's data they would also pay for folding the plain runs' clicks (docs/performance.md#events).
  const eventsDataDir = path.join(dir, 'events-with');
  fs.cpSync(dataDir, eventsDataDir, { recursive: true });
  const visits: Visit[] = makeVisitPool({ links, size: VISIT_POOL_SIZE });
  const scriptFile = path.join(dir, 'events-visits.lua');
  fs.writeFileSync(scriptFile, wrkScript(visits));
  /** The paced runs' wrk scripts, by rate. */
  const pacedScript = (perSecond: number) => {
    const file = path.join(dir, `events-visits-${perSecond}.lua`);
    if (!fs.existsSync(file)) fs.writeFileSync(file, wrkScript(visits, perSecond));
    return file;
  };
  const adminKey = crypto.randomBytes(18).toString('base64url');
  progress('starting Me for the events phase (OUTBOUND_ALLOW_PRIVATE=1 for its receiver on loopback)');
  const start = (on: string, env: Record<string, string>) =>
    startProduct({
      dataDir: on,
      adminKey,
      cpu: cores.serverCpu,
      cpuProfileDir: profileDir(args, 'events'),
      nodeFlags: args.nodeFlags,
      env: { OUTBOUND_ALLOW_PRIVATE: '1', ...env },
    });
  const plain = await start(dataDir, {});
  running.add(plain);
  let withEvents: RunningServer | undefined;
  const load = (server: RunningServer, seconds: number, perSecond?: number) =>
    runLoad({
      generator,
      url: server.url,
      connections: args.connections,
      seconds,
      scriptFile: perSecond === undefined ? scriptFile : pacedScript(perSecond),
      visits,
      cpu: cores.generatorCpu,
      perSecond,
    });
  const side = (server: RunningServer, on: string): EventsSide => ({
    base: server.url,
    load: (perSecond) => measured(server, () => load(server, args.durationSeconds, perSecond)),
    warmUp: () => load(server, eventsWarmupSeconds(args.quick)),
    pause: () => server.signal('SIGSTOP'),
    resume: () => server.signal('SIGCONT'),
    unfolded: () => unfoldedClicks(on),
  });
  const broker = args.eventsWithout.includes('broker') ? undefined : await startBenchBroker().catch(() => undefined);
  try {
    const figures = await offServerCpu(cores, () =>
      benchEvents({
        adminKey,
        runs: args.runs,
        paceShare: args.paceShare,
        without: args.eventsWithout,
        plain: side(plain, dataDir),
        // A server of its own on the copy made before the plain runs (with a broker, §26: started with
        // EVENTS_BROKER_URL), warmed up as the plain one was.
        withEvents: async () => {
          progress(
            `starting Me on the data as it was before the plain runs${broker ? ` with EVENTS_BROKER_URL (${broker.name})` : ''}`,
          );
          withEvents = await start(eventsDataDir, broker?.env ?? {});
          running.add(withEvents);
          return side(withEvents, eventsDataDir);
        },
        progress,
      }),
    );
    return { ...figures, broker: broker?.name ?? null, brokerEvents: await broker?.published() };
  } catch (error) {
    progress(`events phase failed: ${(error as Error).message}`);
    return undefined;
  } finally {
    if (withEvents) await stopServer(withEvents);
    await stopServer(plain);
    await broker?.close();
  }
}

/** A phase that may fail on a loaded machine: its figures, or null (said in the progress) when it failed. */
async function optionalPhase<T>(name: string, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    progress(`${name} phase failed: ${(error as Error).message}`);
    return null;
  }
}

/** What a phase that starts its own servers is given: where, on which cores, and how they are stopped. */
function ownServers(cores: CorePlan, dir: string): OwnServers {
  return {
    dir,
    cpu: cores.serverCpu,
    adminKey: crypto.randomBytes(18).toString('base64url'),
    progress,
    track: (server: RunningServer) => running.add(server),
    stop: stopServer,
  };
}

/** 10,000 open streams on one server: its RSS (bench/streamsAtScale.ts); null when the phase failed. */
function streamsPhase(cores: CorePlan, dir: string): Promise<number | null> {
  return optionalPhase('streams', () => benchStreamsAtScale(ownServers(cores, dir)));
}

/** A YOURLS database imported while redirects are probed (bench/importYourls.ts); null when the phase failed. */
function importPhase(args: BenchArgs, cores: CorePlan, dir: string): Promise<ImportFigures | null> {
  return optionalPhase('import', () => benchYourlsImport({ ...ownServers(cores, dir), quick: args.quick }));
}

async function analyticsPhase(
  args: BenchArgs,
  cores: CorePlan,
  dir: string,
  databaseUrl?: string,
): Promise<{ analytics: AnalyticsFigures; memory: Partial<MemoryFigures> }> {
  const dataDir = path.join(dir, databaseUrl ? 'analytics-pg' : 'analytics');
  fs.mkdirSync(dataDir);
  const where = databaseUrl ? ' on PostgreSQL' : '';
  progress(`seeding ${args.clicks.toLocaleString('en-US')} clicks${where}`);
  let seeded: SeedResult;
  try {
    const { clicks, quick } = args;
    seeded = await seedWithProgress({
      file: databaseFile(dataDir),
      databaseUrl,
      clicks,
      quick,
      progress,
      everyMs: 5_000,
    });
  } catch (error) {
    progress(`seed failed: ${(error as Error).message}`);
    return { analytics: { status: 'unavailable', reason: 'not available yet' }, memory: {} };
  }

  progress(`starting Me on the seeded database${where}`);
  const adminKey = crypto.randomBytes(18).toString('base64url');
  const product = await startProduct({
    dataDir,
    databaseUrl,
    adminKey,
    cpu: cores.serverCpu,
    cpuProfileDir: profileDir(args, databaseUrl ? 'analytics-pg' : 'analytics'),
    nodeFlags: args.nodeFlags,
  });
  running.add(product);
  const memory: Partial<MemoryFigures> = { clicks: seeded.clicks, withClicksStartMb: readMemory(product.pid)?.rssMb };
  let analytics: AnalyticsFigures;
  try {
    progress(`timing the analytics calls${where}`);
    const timings = await benchAnalytics({
      baseUrl: product.url,
      adminKey,
      ...seeded.analyticsTarget,
      runs: args.quick ? 3 : 7,
    });
    analytics = { status: 'ok', clicks: seeded.clicks, links: seeded.links, seedMs: seeded.ms, timings };
  } catch (error) {
    // fetch's own message ("fetch failed") says nothing; its cause says what broke (a reset, a closed socket).
    const cause = (error as Error).cause;
    progress(`analytics failed: ${(error as Error).message}${cause ? ` (${String(cause)})` : ''}`);
    analytics = { status: 'unavailable', reason: 'not available yet' };
  }
  const reading = readMemory(product.pid);
  memory.withClicksMb = reading?.rssMb;
  memory.withClicksPeakMb = reading?.peakMb;
  await stopServer(product);
  return { analytics, memory };
}

/** --replica: the analytics calls read from a standby of a primary of the bench's own (bench/replica.ts). */
async function replicaOnly(args: BenchArgs, cores: CorePlan, dir: string): Promise<void> {
  const figures = await benchReplica({
    clicks: args.clicks,
    quick: args.quick,
    dir,
    cores,
    progress,
    track: (server) => running.add(server),
    stopServer,
  });
  console.log(`\n${replicaLines(figures, formatAnalyticsTable(figures.timings)).join('\n')}`);
  if (args.jsonFile) fs.writeFileSync(args.jsonFile, `${JSON.stringify({ replica: figures }, null, 2)}\n`);
}

/**
 * --analytics-only: the analytics phase alone, on the stores the full bench's analytics phase takes:
 * SQLite, and with --store postgres PostgreSQL too (--analytics postgres: PostgreSQL alone).
 */
async function analyticsOnly(args: BenchArgs, cores: CorePlan, dir: string): Promise<void> {
  const database = args.store === 'postgres' ? await createBenchSchema(progress) : undefined;
  benchSchema = database;
  const runs: { store: string; url?: string }[] = [];
  if (args.analytics !== 'postgres') runs.push({ store: 'sqlite' });
  if (database) runs.push({ store: 'postgres', url: database.analyticsUrl });
  const figures: Record<string, Awaited<ReturnType<typeof analyticsPhase>>> = {};
  for (const { store, url } of runs) {
    const { analytics, memory } = await analyticsPhase(args, cores, dir, url);
    figures[store] = { analytics, memory };
    const title = url ? 'Analytics on PostgreSQL' : 'Analytics on SQLite';
    console.log(`\n${analyticsLines(title, analytics).join('\n')}`);
    console.log(`RSS of Me after the analytics calls: ${memory.withClicksMb} MB (peak ${memory.withClicksPeakMb} MB)`);
  }
  if (args.jsonFile) fs.writeFileSync(args.jsonFile, `${JSON.stringify(figures, null, 2)}\n`);
}

async function main(): Promise<void> {
  const args = scriptArgs(() => parseBenchArgs(process.argv.slice(2)), {
    usage: USAGE,
    usageError: ArgsError,
    say: (line) => console.error(`bench: ${line}`),
  });
  if (typeof args === 'number') {
    if (args !== 0) process.exit(args);
    return;
  }
  if (args.against !== undefined) {
    return benchAgainst({ argv: process.argv.slice(2), args: { ...args, against: args.against }, progress });
  }
  const generator: Generator = args.generator ?? (hasCommand('wrk') ? 'wrk' : 'autocannon');
  if (generator === 'wrk' && !hasCommand('wrk')) throw new Error('wrk is not installed (apt-get install wrk)');
  const cores = detectCores();
  if (cores.generatorCpu !== undefined) {
    // The bench itself (and autocannon, when used) stays off the server's core.
    execFileSync('taskset', ['-a', '-p', '-c', String(cores.generatorCpu), String(process.pid)], { stdio: 'ignore' });
  }
  if (ensureServerBuild(progress)) progress('built');
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'me-bench-'));
  const startedAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');

  if (args.eventsOnly) {
    const events = await eventsPhase(args, generator, cores, tempDir);
    progress(eventsLines(events).join('\n'));
    if (events) events.streams10kRssMb = await streamsPhase(cores, tempDir);
    console.log(eventsLines(events).join('\n'));
    if (args.jsonFile) fs.writeFileSync(args.jsonFile, `${JSON.stringify({ events: eventsJson(events) }, null, 2)}\n`);
    return;
  }
  if (args.replica) return replicaOnly(args, cores, tempDir);
  if (args.analyticsOnly) return analyticsOnly(args, cores, tempDir);
  const database = args.store === 'postgres' ? await createBenchSchema(progress) : undefined;
  benchSchema = database;
  // --analytics postgres (a long seed): its figures first, printed at once, whatever happens next.
  const postgresFirst =
    database && args.analytics === 'postgres'
      ? await analyticsPhase(args, cores, tempDir, database.analyticsUrl)
      : undefined;
  if (postgresFirst) {
    const { withClicksMb, withClicksPeakMb } = postgresFirst.memory;
    progress(`\n${analyticsLines('Analytics on PostgreSQL', postgresFirst.analytics).join('\n')}`);
    progress(`RSS of Me on PostgreSQL after the analytics calls: ${withClicksMb} MB (peak ${withClicksPeakMb} MB)`);
  }
  const redirect = await redirectPhase(args, generator, cores, tempDir, database?.redirectUrl);
  // --redirect-only: the phases after the redirect's are left out, and say so.
  const later = !args.redirectOnly;
  const events = later ? await eventsPhase(args, generator, cores, tempDir) : undefined;
  if (events) events.streams10kRssMb = await streamsPhase(cores, tempDir);
  const imports = later ? await importPhase(args, cores, tempDir) : undefined;
  const skipped: Awaited<ReturnType<typeof analyticsPhase>> = {
    analytics: {
      status: 'unavailable',
      reason: later ? 'not run (--analytics postgres)' : 'not run (--redirect-only)',
    },
    memory: {},
  };
  const sqliteAnalytics =
    args.analytics === 'postgres' || !later ? skipped : await analyticsPhase(args, cores, tempDir);
  const postgresAnalytics =
    postgresFirst ??
    (database ? (later ? await analyticsPhase(args, cores, tempDir, database.analyticsUrl) : skipped) : undefined);
  const { analytics } = sqliteAnalytics;
  const memory = args.analytics === 'postgres' ? (postgresAnalytics?.memory ?? {}) : sqliteAnalytics.memory;
  const result: BenchResult = {
    startedAt,
    machine: machineInfo(generator, cores),
    settings: {
      quick: args.quick,
      connections: args.connections,
      durationSeconds: args.durationSeconds,
      warmupSeconds: args.warmupSeconds,
      runs: args.runs,
      links: args.links,
    },
    redirect: redirect.figures,
    hub: redirect.hub,
    events,
    imports,
    analytics,
    ...(redirect.postgres &&
      postgresAnalytics && {
        postgres: {
          redirect: redirect.postgres.figures,
          analytics: postgresAnalytics.analytics,
          databaseCpuUs: redirect.postgres.databaseCpuUs,
        },
      }),
    memory: {
      startMb: redirect.startMb,
      afterRedirectsMb: redirect.afterMb,
      withClicksStartMb: memory.withClicksStartMb,
      withClicksMb: memory.withClicksMb,
      withClicksPeakMb: memory.withClicksPeakMb,
      clicks: memory.clicks,
    },
  };
  progress(`done in ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(`\n${formatReport(result)}`);
  if (args.jsonFile !== undefined) {
    fs.writeFileSync(args.jsonFile, `${JSON.stringify(toJson(result), null, 2)}\n`);
    console.log(`\nfigures written to ${args.jsonFile}`);
  }
}

async function shutDown(code: number): Promise<never> {
  await stopAgainst();
  await Promise.all([...running].map((server) => server.stop(5_000).catch(() => null)));
  stopReplicaClusters();
  await benchSchema?.drop().catch((error) => progress(`could not drop the bench schemas: ${error}`));
  cleanUp();
  process.exit(code);
}

process.on('SIGINT', () => void shutDown(130));
process.on('SIGTERM', () => void shutDown(143));
main().then(
  () => shutDown(0),
  (error) => {
    console.error(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return shutDown(1);
  },
);
