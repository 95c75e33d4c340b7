// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Field } from './field';
import { Input } from './input';

const dom = mountReactRootPerTest();

describe('Field', () => {
  it('names the control with its label and leaves it valid without an error', () => {
    act(() =>
      dom.root.render(
        <Field label="Email" hint="We never share it">
          <Input type="email" />
        </Field>,
      ),
    );
    const input = dom.container.querySelector('input')!;
    const label = dom.container.querySelector('label')!;
    expect(label.getAttribute('for')).toBe(input.id);
    expect(input.id).not.toBe('');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    const hint = dom.container.querySelector(`#${CSS.escape(input.getAttribute('aria-describedby')!)}`);
    expect(hint?.textContent).toBe('We never share it');
    expect(dom.container.querySelector('[role="alert"]')).toBeNull();
  });

  it('marks the control invalid and points it at the announced error', () => {
    act(() =>
      dom.root.render(
        <Field label="Name" required error="This field is required">
          <Input id="business-name" aria-describedby="extra" />
        </Field>,
      ),
    );
    const input = dom.container.querySelector('input')!;
    expect(input.id).toBe('business-name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy).toEqual(['extra', 'business-name-error']);
    const error = dom.container.querySelector('#business-name-error')!;
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe('This field is required');
  });
});

describe('Button', () => {
  it('never submits a form by accident and renders its child with asChild', () => {
    act(() =>
      dom.root.render(
        <>
          <Button>Save</Button>
          <Button type="submit">Send</Button>
          <Button asChild variant="outline">
            <a href="/auth">Sign in</a>
          </Button>
        </>,
      ),
    );
    const [save, send] = [...dom.container.querySelectorAll('button')];
    expect(save!.type).toBe('button');
    expect(send!.type).toBe('submit');
    const link = dom.container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/auth');
    expect(link.className).toContain('border-brand-600');
  });
});
