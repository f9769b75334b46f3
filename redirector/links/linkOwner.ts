/** Who acts: the administrator (every link; creates links without an owner) or one user. */
export type LinkOwner = { kind: 'admin' } | { kind: 'user'; userId: number };

export const ADMIN: LinkOwner = { kind: 'admin' };
export const userOwner = (userId: number): LinkOwner => ({ kind: 'user', userId });
