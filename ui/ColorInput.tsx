import './ColorInput.css';
export interface ColorInputProps {
  id?: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  disabled?: boolean;
  palette?: string[] | null;
  /** Only the palette's colours can be chosen. */
  paletteOnly?: boolean | null;
  describedBy?: string;
}

export function ColorInput(props: ColorInputProps) {
  const palette = props.palette ?? [];
  return (
    <div className="octavo-color">
      {!props.paletteOnly && (
        <input
          id={props.id}
          type="color"
          value={/^#[0-9a-f]{6}$/i.test(props.value ?? '') ? (props.value as string) : '#000000'}
          disabled={props.disabled}
          aria-describedby={props.describedBy}
          onChange={(event) => props.onChange(event.target.value.toUpperCase())}
        />
      )}
      <div role="radiogroup" className="octavo-color__palette">
        {palette.map((color) => (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={props.value?.toUpperCase() === color.toUpperCase()}
            aria-label={color}
            disabled={props.disabled}
            className="octavo-color__swatch"
            style={{ backgroundColor: color }}
            onClick={() => props.onChange(color)}
          />
        ))}
      </div>
    </div>
  );
}
