/**
 * The team chosen in the dashboard's switcher, kept in this browser per account (localStorage
 * `chosenTeam:<user id>`, docs/api.md#teams-in-the-ui); the join page chooses the team it joined.
 */
const storageKey = (userId: number) => `chosenTeam:${userId}`;

export function readChosenTeam(userId: number, storage: Storage = localStorage): number | null {
  try {
    const value = Number(storage.getItem(storageKey(userId)));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function writeChosenTeam(userId: number, teamId: number | null, storage: Storage = localStorage): void {
  try {
    if (teamId === null) storage.removeItem(storageKey(userId));
    else storage.setItem(storageKey(userId), String(teamId));
  } catch {
    // storage unavailable: the choice lasts as long as the page
  }
}
