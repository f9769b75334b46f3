/** A few DOM helpers for the extension's pages (plain DOM: the popup stays a few kilobytes). */

type Attributes = Record<string, string | boolean | undefined>;

/** An element with its attributes (`true` sets a boolean attribute) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) node.setAttribute(name, '');
    else if (typeof value === 'string') node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

/** The element of this id, which the page's HTML is known to have. */
export function byId<T extends HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`#${id} is missing from the page`);
  return node as T;
}

/** Fills every `[data-i18n]` element's text with that key's words, and the document's language. */
export function translatePage(t: (key: string) => string, language: string): void {
  document.documentElement.lang = language;
  for (const node of document.querySelectorAll<HTMLElement>('[data-i18n]')) {
    node.textContent = t(node.dataset.i18n ?? '');
  }
}
