import { useState, forwardRef } from 'react';

export const OTP_LENGTH = 6;

/** Digits of a typed code, at most six. */
export function otpDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

/** The mask: three digits, dash, three digits. */
export function maskOtp(digits: string): string {
  return digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

export interface OtpInputProps {
  id: string;
  /** Called only when the code is empty or complete (six digits), per spec §5. */
  onChange(code: string): void;
  label: string;
  hint?: string;
  autoFocus?: boolean;
}

/** The one-time-code input (mask ###-###). */
export const OtpInput = forwardRef<HTMLInputElement, OtpInputProps>(function OtpInput(
  { id, onChange, label, hint, autoFocus },
  ref,
) {
  const [digits, setDigits] = useState('');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className="input input--otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="###-###"
        autoFocus={autoFocus}
        value={maskOtp(digits)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => {
          const next = otpDigits(event.target.value);
          setDigits(next);
          if (next.length === 0 || next.length === OTP_LENGTH) onChange(next);
        }}
      />
      {hint && (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
});
