import { useId, type ReactNode } from 'react';

/** What a field's control needs to be tied to its label, hint and error. */
export interface FieldControl {
  readonly id: string;
  readonly 'aria-describedby'?: string;
  readonly 'aria-invalid'?: boolean;
}

/**
 * A labelled form field: the label names the control alone (hints and errors are its description, not part of
 * its name), the hint or error is read after it.
 */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  readonly label: string;
  readonly hint?: string | undefined;
  readonly error?: string | undefined;
  readonly children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  const control: FieldControl = {
    id,
    ...(note !== undefined ? { 'aria-describedby': noteId } : {}),
    ...(error !== undefined ? { 'aria-invalid': true } : {}),
  };
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children(control)}
      {note !== undefined && (
        <span className={error !== undefined ? 'field-error' : 'field-hint'} id={noteId}>
          {note}
        </span>
      )}
    </div>
  );
}
