/**
 * Field — label + one control + hint + error, accessibly wired: the control gets an id, its
 * label points at it, aria-describedby lists the hint and the error, aria-invalid is set
 * while there is an error, and the error is announced (role="alert").
 *   <Field label={t('name')} required error={errors.name && t(errors.name.message)}>
 *     <Input {...register('name')} />
 *   </Field>
 * The child must be a single element that spreads its props on the real control (Input,
 * Textarea, native select…); pass `id` on the child to choose the id yourself.
 */
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  children: ReactElement<ControlProps>;
  hint?: ReactNode;
  /** The translated message to show; empty means the field is valid. */
  error?: ReactNode;
  required?: boolean;
  className?: string;
}

export function Field({ label, children, hint, error, required, className }: FieldProps) {
  const generatedId = useId();
  const controlId = (isValidElement(children) && children.props.id) || `field-${generatedId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [children.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={controlId}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-brand-700">
            *
          </span>
        ) : null}
      </Label>
      {cloneElement(children, {
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : children.props['aria-invalid'],
        'aria-required': required || children.props['aria-required'],
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
