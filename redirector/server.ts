/** The only file that reads the environment and calls listen(). */
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { ADMIN_KEY_FILE, loadAdminKey } from './auth/adminKey';
import { type Config, ConfigError, loadConfig, parseLogFormat, publicUrlDropped } from './config';
import { checkDomainsInBackground } from './domains/domainService';
import { createHttpServer } from './http/httpServer';
import { createLogger, type LogFormat, log, setLogger } from './observability/logger';
import { HUB_KEY_NAME, loadKeptSecret } from './privacy/keptSecret';
import { loadVisitorSecret } from './privacy/visitorSecret';
import { openStore, SQLITE_FILE } from './storage/openStore';
import { removeServicePid, writeServicePid } from './storage/servicePid';
import { type GeoDatabase, GeoDatabaseError, openGeoDatabase } from './visits/geoipDatabase';

function fail(message: string): never {
  log.fatal(message);
  process.exit(1);
}

/** Creates the missing folders one level at a time (Node's recursive mkdir can spin on /proc). */
function makeDirs(dir: string): void {
  if (fs.existsSync(dir)) return;
  const parent = path.dirname(dir);
  if (parent !== dir) makeDirs(parent);
  fs.mkdirSync(dir);
}

/** Only the service's own user may read its database and secrets. */
const PRIVATE_FILES = [
  SQLITE_FILE,
  `${SQLITE_FILE}-wal`,
  `${SQLITE_FILE}-shm`,
  `${SQLITE_FILE}-journal`,
  ADMIN_KEY_FILE,
];

/**
 * Files and folders this process creates are private from the start (umask); those an earlier
 * version left readable by others are made private here.
 */
function makeDataDirPrivate(dir: string): void {
  try {
    fs.chmodSync(dir, 0o700);
    for (const name of PRIVATE_FILES) {
      const file = path.join(dir, name);
      if (fs.existsSync(file)) fs.chmodSync(file, 0o600);
    }
  } catch (error) {
    log.warn(`cannot make DATA_DIR "${dir}" private (${(error as NodeJS.ErrnoException).code})`);
  }
}

/** `name` is the variable that names the folder (DATA_DIR, SPOOL_DIR), for the line a failure stops with. */
function ensureWritableDir(dir: string, name: string): void {
  try {
    makeDirs(dir);
    // A real write: access() says yes to root even where a write would fail.
    const probe = path.join(dir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch {
    fail(`${name} "${dir}" is not a writable directory`);
  }
}

/** The log format and the configuration, or one line and exit 1 for a bad value. */
function configure(): { logFormat: LogFormat; config: Config } {
  try {
    const logFormat = parseLogFormat(process.env.LOG_FORMAT);
    setLogger(createLogger({ format: logFormat }));
    return { logFormat, config: loadConfig(process.env) };
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

function openGeoip(geoipFile: string | undefined): GeoDatabase | undefined {
  if (geoipFile === undefined) return undefined;
  try {
    return openGeoDatabase(geoipFile, { log: (line) => log.info(line) });
  } catch (error) {
    if (error instanceof GeoDatabaseError) fail(`GEOIP_DB: ${error.message}`);
    throw error;
  }
}

/** The lines every start prints once listening: where, which database, which data, the generated key. */
function announce(port: number, started: Started): void {
  const { config, logFormat, store, dataDir, admin, geoipFile, geoDatabase } = started;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  log.info(`listening on http://${shownHost}:${port} (database: ${store.kind}, data: ${dataDir})`);
  log.info(`links are shown on ${config.publicUrl}`);
  const dropped = publicUrlDropped(process.env.PUBLIC_URL);
  if (dropped !== undefined) {
    log.warn(
      `PUBLIC_URL's "${dropped}" is ignored: Me serves from the root of its domain (${config.publicUrl}/<short_code>)`,
    );
  }
  log.info(`GeoIP data: ${geoDatabase ? `${geoipFile} (${geoDatabase.describe()})` : 'bundled (geoip-lite)'}`);
  if (config.metricsToken !== undefined) log.info('metrics at /metrics (METRICS_TOKEN)');
  if (admin.generated) {
    const keyFile = path.join(dataDir, 'admin-key');
    // A person reads text at a terminal; JSON lines go to log stores, where a key would stay.
    if (logFormat === 'json') log.info(`generated admin key saved in ${keyFile} (read it there)`);
    else {
      log.info(`generated admin key (saved in ${keyFile}, shown once):`);
      log.info(`ADMIN KEY ${admin.key}`);
    }
  }
}

interface Started {
  config: Config;
  logFormat: LogFormat;
  store: Awaited<ReturnType<typeof openStore>>;
  dataDir: string;
  admin: ReturnType<typeof loadAdminKey>;
  geoipFile: string | undefined;
  geoDatabase: GeoDatabase | undefined;
}

/** SIGTERM and SIGINT: stop accepting, finish requests in flight, store pending clicks, close, exit 0. */
function stopOnSignals(
  server: http.Server,
  drain: () => Promise<void>,
  started: Started,
  endStreams: () => void,
): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, finishing requests and storing pending clicks`);
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    // Held until the end: the background loops' timers keep no process alive, and without this one
    // a stop that awaits a loop's run (or its wait) would end the process silently, before the
    // pending clicks are stored and "stopped" is said; past 30 s it gives up with exit 1.
    const deadline = setTimeout(() => {
      log.error('stopping took more than 30 s; exiting without finishing');
      process.exit(1);
    }, 30_000);
    server.close(async () => {
      try {
        started.geoDatabase?.close();
        await drain();
        await started.store.close();
        removeServicePid(started.dataDir);
        log.info('stopped');
        clearTimeout(deadline);
        process.exit(0);
      } catch (error) {
        log.error('error while stopping', { err: error });
        process.exit(1);
      }
    });
    server.closeIdleConnections();
    // Live streams never end by themselves: end them so that server.close can finish.
    endStreams();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function main(): Promise<void> {
  process.umask(0o077);
  const { logFormat, config } = configure();
  const geoipFile = config.geoipDb === undefined ? undefined : path.resolve(config.geoipDb);
  const geoDatabase = openGeoip(geoipFile);
  const dataDir = path.resolve(config.dataDir);
  ensureWritableDir(dataDir, 'DATA_DIR');
  makeDataDirPrivate(dataDir);
  // The spool must take clicks the moment PostgreSQL goes away, not be found unwritable then.
  if (config.databaseUrl !== undefined) ensureWritableDir(path.resolve(config.spoolDir), 'SPOOL_DIR');
  let admin: ReturnType<typeof loadAdminKey>;
  try {
    admin = loadAdminKey(dataDir, config.adminKey);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  let store: Awaited<ReturnType<typeof openStore>>;
  try {
    store = await openStore(config, dataDir, { schemaLog: (line) => log.info(line) });
  } catch (error) {
    fail(`cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
  }

  let visitorSecret: Buffer | undefined;
  try {
    visitorSecret = config.anonymizeIps ? await loadVisitorSecret(store, dataDir) : undefined;
  } catch (error) {
    fail(`cannot load the visitor key for ANONYMIZE_IPS: ${error instanceof Error ? error.message : String(error)}`);
  }
  let hubKey: Buffer;
  try {
    hubKey = await loadKeptSecret(store, dataDir, HUB_KEY_NAME);
  } catch (error) {
    fail(`cannot load the hub key: ${error instanceof Error ? error.message : String(error)}`);
  }

  const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');
  const app = createApp({
    config,
    store,
    adminKey: admin.key,
    webRoot,
    lookupPlace: geoDatabase?.lookup,
    visitorSecret,
    hubKey,
  });
  try {
    await app.services.domains.ready();
  } catch (error) {
    fail(`cannot read the custom domains: ${error instanceof Error ? error.message : String(error)}`);
  }
  const domainChecks = checkDomainsInBackground(app.services.domains);
  const server = createHttpServer(app.handle);
  const started: Started = { config, logFormat, store, dataDir, admin, geoipFile, geoDatabase };

  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') fail(`port ${config.port} on ${config.host} is already in use (set PORT)`);
    if (error.code === 'EACCES') fail(`no permission to listen on ${config.host}:${config.port}`);
    fail(`cannot listen on ${config.host}:${config.port}: ${error.message}`);
  });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    writeServicePid(dataDir);
    announce(typeof address === 'object' && address ? address.port : config.port, started);
  });
  stopOnSignals(
    server,
    async () => void (await Promise.all([domainChecks.stop(), app.drain()])),
    started,
    () => app.services.events.hub.stop(),
  );
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
