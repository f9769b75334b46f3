/**
 * The recheck of the live streams' credentials (docs/api.md#live-stream): ONE timer for every
 * stream of the instance, and one check per credential however many streams it opened (an
 * account's 20 streams cost one database read a round, not 20 timers and 20 reads). A credential
 * whose check fails ends every stream it opened; a check that throws (the database did not answer)
 * says nothing about the credential, and its streams stay.
 */

/** A credential's check, named by `key` (its kind and stored hash, never the secret). */
export interface CredentialCheck {
  key: string;
  stands: () => Promise<boolean>;
}

export interface CredentialWatch {
  /** Ends `end` once the credential's check fails; the returned function stops watching. */
  watch(check: CredentialCheck, end: () => void): () => void;
  /** Credentials watched now (for tests). */
  size(): number;
}

interface Watched {
  stands: () => Promise<boolean>;
  ends: Set<() => void>;
}

export function createCredentialWatch(everyMs: number): CredentialWatch {
  const watched = new Map<string, Watched>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let checking = false;

  async function checkOne(key: string, credential: Watched): Promise<void> {
    let stands: boolean;
    try {
      stands = await credential.stands();
    } catch {
      return;
    }
    if (stands) return;
    if (watched.get(key) === credential) watched.delete(key);
    for (const end of [...credential.ends]) end();
  }

  /** One round over every credential; a round still running when the next is due lets it pass. */
  async function round(): Promise<void> {
    if (checking) return;
    checking = true;
    try {
      await Promise.all([...watched].map(([key, credential]) => checkOne(key, credential)));
    } finally {
      checking = false;
    }
  }

  function stopIfIdle(): void {
    if (watched.size > 0 || timer === undefined) return;
    clearInterval(timer);
    timer = undefined;
  }

  return {
    watch(check, end) {
      let credential = watched.get(check.key);
      if (!credential) {
        credential = { stands: check.stands, ends: new Set() };
        watched.set(check.key, credential);
      }
      credential.ends.add(end);
      if (timer === undefined) {
        timer = setInterval(() => void round(), everyMs);
        timer.unref();
      }
      const mine = credential;
      return () => {
        mine.ends.delete(end);
        if (mine.ends.size === 0 && watched.get(check.key) === mine) watched.delete(check.key);
        stopIfIdle();
      };
    },
    size: () => watched.size,
  };
}
