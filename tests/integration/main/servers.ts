/** A real redirector on each store, for the desktop app's main-process tests. */
import { createTestSchema, startPostgresTestServer } from '../../helpers/postgres';
import { startTestServer } from '../../helpers/testServer';

export interface RunningServer {
  url: string;
  adminKey: string;
  /** Stores every click answered so far. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export const STORE_KINDS = [
  {
    kind: 'sqlite',
    async start(): Promise<RunningServer> {
      const server = await startTestServer();
      return { url: server.url, adminKey: server.adminKey, drain: () => server.app.drain(), close: server.close };
    },
  },
  {
    kind: 'postgres',
    async start(): Promise<RunningServer> {
      const schema = await createTestSchema();
      const server = await startPostgresTestServer(schema.url);
      return {
        url: server.url,
        adminKey: server.adminKey,
        drain: () => server.app.drain(),
        async close() {
          await server.close();
          await schema.drop();
        },
      };
    },
  },
] as const;
