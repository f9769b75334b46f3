/** The only file that reads the environment and calls listen(). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { ADMIN_KEY_FILE, loadAdminKey } from './auth/adminKey';
import { ConfigError, loadConfig, parseLogFormat } from './config';
import { createHttpServer } from './http/httpServer';
import { createLogger, type LogFormat, log, setLogger } from './observability/logger';
import { loadVisitorSecret } from './privacy/visitorSecret';
import { openStore, SQLITE_FILE } from './storage/openStore';
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

function ensureWritableDir(dir: string): void {
  try {
    makeDirs(dir);
    // A real write: access() says yes to root even where a write would fail.
    const probe = path.join(dir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch {
    fail(`DATA_DIR "${dir}" is not a writable directory`);
  }
}

async function main(): Promise<void> {
  process.umask(0o077);
  let logFormat: LogFormat = 'text';
  try {
    logFormat = parseLogFormat(process.env.LOG_FORMAT);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  setLogger(createLogger({ format: logFormat }));
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const geoipFile = config.geoipDb === undefined ? undefined : path.resolve(config.geoipDb);
  let geoDatabase: GeoDatabase | undefined;
  if (geoipFile !== undefined) {
    try {
      geoDatabase = openGeoDatabase(geoipFile, { log: (line) => log.info(line) });
    } catch (error) {
      if (error instanceof GeoDatabaseError) fail(`GEOIP_DB: ${error.message}`);
      throw error;
    }
  }
  const dataDir = path.resolve(config.dataDir);
  ensureWritableDir(dataDir);
  makeDataDirPrivate(dataDir);
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

  const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');
  const app = createApp({
    config,
    store,
    adminKey: admin.key,
    webRoot,
    lookupPlace: geoDatabase?.lookup,
    visitorSecret,
  });
  const server = createHttpServer(app.handle);

  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') fail(`port ${config.port} on ${config.host} is already in use (set PORT)`);
    if (error.code === 'EACCES') fail(`no permission to listen on ${config.host}:${config.port}`);
    fail(`cannot listen on ${config.host}:${config.port}: ${error.message}`);
  });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    log.info(`listening on http://${shownHost}:${port} (database: ${store.kind}, data: ${dataDir})`);
    log.info(`links are shown on ${config.publicUrl}`);
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
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, finishing requests and storing pending clicks`);
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    server.close(async () => {
      try {
        geoDatabase?.close();
        await app.drain();
        await store.close();
        log.info('stopped');
        process.exit(0);
      } catch (error) {
        log.error('error while stopping', { err: error });
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
