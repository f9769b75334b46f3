/** The configuration of an environment as the service reads it, and the one message it refuses it with. */
import { expect } from 'vitest';
import { type Config, ConfigError, loadConfig } from '../../redirector/config';

/** loadConfig with a valid ADMIN_KEY and `env`. */
export const configOf = (env: Record<string, string>): Config => loadConfig({ ADMIN_KEY: 'k'.repeat(32), ...env });

/** The message of the ConfigError that `env` stops the start with; fails the test when it starts. */
export function configFailure(env: Record<string, string>): string {
  try {
    configOf(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('no error');
}
