/**
 * A link's "recent clicks" (the API shows 100): SQLite's fold keeps this many per link in
 * link_recent_clicks, trimmed back to it at twice as many, and PostgreSQL reads as many from the
 * clicks, so that both engines answer the same list.
 */
export const RECENT_KEPT = 100;
