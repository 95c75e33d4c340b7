import { act } from 'react';

/**
 * For component tests (happy-dom): a form's controls found, filled and read the way a person
 * meets them, by their label (`Field`'s label; its required mark does not count).
 */
export function fieldNamed(label: string): HTMLInputElement | HTMLTextAreaElement {
  const element = [...document.querySelectorAll('label')].find((l) => l.textContent?.replace('*', '').trim() === label);
  if (!element) throw new Error(`no field labelled "${label}"`);
  return document.getElementById(element.htmlFor) as HTMLInputElement | HTMLTextAreaElement;
}

/** Types `value` into the labelled control, as React sees typing. */
export async function typeInto(label: string, value: string) {
  const control = fieldNamed(label);
  const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The error the labelled control is described by (`Field`'s role="alert" message), or null. */
export function errorOf(label: string): string | null {
  const ids = fieldNamed(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((p) => p?.getAttribute('role') === 'alert')?.textContent ?? null;
}

/** A problem+json answer naming fields, as the server's contract check sends it. */
export const fieldProblem = (fields: Record<string, string>) => ({
  status: 400,
  body: { type: 'about:blank', title: 'x', status: 400, code: 'validation_failed', fields },
});
