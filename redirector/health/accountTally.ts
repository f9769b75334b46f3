/** Checks under way per account (connectionAccount's key), for the limits of the rounds and of soonChecks.ts. */
export interface AccountTally {
  running(account: string): number;
  started(account: string): void;
  ended(account: string): void;
}

export function createAccountTally(): AccountTally {
  const counts = new Map<string, number>();
  return {
    running: (account) => counts.get(account) ?? 0,
    started(account) {
      counts.set(account, (counts.get(account) ?? 0) + 1);
    },
    ended(account) {
      const left = (counts.get(account) ?? 1) - 1;
      if (left > 0) counts.set(account, left);
      else counts.delete(account);
    },
  };
}
