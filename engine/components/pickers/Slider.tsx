import { IconButton } from '../../../ui';
import { useEngineT } from '../../i18n';
import type { InterfaceComponentProps } from '../contract';
import { num, str } from './values';
import './pickers.css';

/** A range input from `minimum` to `maximum` in `step`s; the value (an integer) shown with its unit. */
export default function Slider(props: InterfaceComponentProps) {
  const t = useEngineT();
  const min = num(props.minimum, 0);
  const max = Math.max(min, num(props.maximum, 100));
  const step = num(props.step, 1) > 0 ? num(props.step, 1) : 1;
  const unit = str(props.unit);
  const empty = props.value === null || props.value === undefined || props.value === '';
  const value = empty ? null : Number(props.value);
  const text =
    value === null ? t('interfaces.pickers.slider_empty') : unit ? `${value} ${unit}` : String(value);
  return (
    <div className={`pickers-slider${value === null ? ' pickers-slider--empty' : ''}`}>
      <input
        id={props.id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value ?? min}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        aria-valuetext={text}
        onChange={(event) => props.onChange(Number(event.target.value))}
      />
      <output htmlFor={props.id} className="pickers-slider__value">
        {text}
      </output>
      {value !== null && !props.disabled && (
        <IconButton
          icon="close"
          size="small"
          label={t('interfaces.pickers.slider_clear')}
          onClick={() => props.onChange(null)}
        />
      )}
    </div>
  );
}
