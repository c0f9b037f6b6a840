/**
 * The new password and its repetition, as the public pages ask for them (reset, accepting an
 * invitation): the repetition is marked and explained when the page found the two differ.
 */
export function NewPasswordFields(props: {
  idPrefix: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  /** The two differed when the form was sent. */
  mismatch: boolean;
  labels: { password: string; confirm: string; differ: string };
  autoFocus?: boolean;
}) {
  const { idPrefix: id, labels, mismatch } = props;
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-password`}>
          {labels.password}
        </label>
        <input
          id={`${id}-password`}
          className="input"
          type="password"
          autoComplete="new-password"
          required
          autoFocus={props.autoFocus}
          value={props.password}
          onChange={(e) => props.onPassword(e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-confirm`}>
          {labels.confirm}
        </label>
        <input
          id={`${id}-confirm`}
          className="input"
          type="password"
          autoComplete="new-password"
          required
          value={props.confirm}
          aria-invalid={mismatch}
          aria-describedby={mismatch ? `${id}-mismatch` : undefined}
          onChange={(e) => props.onConfirm(e.target.value)}
        />
        {mismatch && (
          <span className="field__error" id={`${id}-mismatch`}>
            {labels.differ}
          </span>
        )}
      </div>
    </>
  );
}
