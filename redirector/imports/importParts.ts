/** Imports as the service runs them (docs/api.md#imports): the API's service and the runner of its jobs, over the services. */
import type { Services } from '../services';
import { createImportRunner, type ImportRunner } from './importRunner';
import { createImportService, type ImportService } from './importService';

export interface ImportParts {
  imports: ImportService;
  /** Started by createApp, stopped by its drain. */
  importRunner: ImportRunner;
}

export function createImportParts(
  services: Pick<Services, 'store' | 'links' | 'keepAddress' | 'clock' | 'config'>,
): ImportParts {
  const { store, links, keepAddress, clock } = services;
  const allowPrivate = services.config.events.outboundAllowPrivate;
  const importRunner = createImportRunner({ store, links, keepAddress, clock, allowPrivate });
  return {
    imports: createImportService({ store, clock, allowPrivate, onQueued: () => importRunner.wake() }),
    importRunner,
  };
}
