// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Button } from './button';
import { Field } from './field';
import { Input } from './input';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('Field', () => {
  it('names the control with its label and leaves it valid without an error', () => {
    act(() =>
      root.render(
        <Field label="Email" hint="We never share it">
          <Input type="email" />
        </Field>,
      ),
    );
    const input = container.querySelector('input')!;
    const label = container.querySelector('label')!;
    expect(label.getAttribute('for')).toBe(input.id);
    expect(input.id).not.toBe('');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    const hint = container.querySelector(`#${CSS.escape(input.getAttribute('aria-describedby')!)}`);
    expect(hint?.textContent).toBe('We never share it');
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('marks the control invalid and points it at the announced error', () => {
    act(() =>
      root.render(
        <Field label="Name" required error="This field is required">
          <Input id="business-name" aria-describedby="extra" />
        </Field>,
      ),
    );
    const input = container.querySelector('input')!;
    expect(input.id).toBe('business-name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy).toEqual(['extra', 'business-name-error']);
    const error = container.querySelector('#business-name-error')!;
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe('This field is required');
  });
});

describe('Button', () => {
  it('never submits a form by accident and renders its child with asChild', () => {
    act(() =>
      root.render(
        <>
          <Button>Save</Button>
          <Button type="submit">Send</Button>
          <Button asChild variant="outline">
            <a href="/auth">Sign in</a>
          </Button>
        </>,
      ),
    );
    const [save, send] = [...container.querySelectorAll('button')];
    expect(save!.type).toBe('button');
    expect(send!.type).toBe('submit');
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/auth');
    expect(link.className).toContain('border-brand-600');
  });
});
