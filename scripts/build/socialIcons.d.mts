/** The text of redirector/hubs/socialIcons.ts as written from the installed simple-icons. */
export function fileText(): string;
export const ICONS_FILE: string;
export const SLUGS: Record<string, string>;
