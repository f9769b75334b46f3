/**
 * A form's submit handler: the page stays (no reload, no browser validation bubble: the forms use
 * `noValidate` and show their own errors), then `act` runs; a promise it returns is its own to watch.
 */
import type { FormEvent } from 'react';

export function submitted(act: () => unknown) {
  return (event: FormEvent) => {
    event.preventDefault();
    void act();
  };
}
