// The "stars" interface: a plain ES module, no build step. It imports the app's own React through the
// runtime shims the server serves beside the extensions (hooks work because there is one React), and
// writes JSX as jsx() calls. No words of its own: the group is named by the field, each star by its number.
import { useState } from '../../runtime/react.js';
import { jsx, jsxs } from '../../runtime/jsx-runtime.js';
import { Icon } from '../../runtime/octavo.js';

const hidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

function starCount(max) {
  const count = Math.round(Number(max));
  return Number.isFinite(count) && count >= 1 ? Math.min(count, 10) : 5;
}

/** The editor: one radio button per star, drawn as a star; the value is the number of stars (or null). */
export default function Stars(props) {
  const { id, value, onChange, disabled, required, describedBy, field } = props;
  const [hover, setHover] = useState(null);
  const count = starCount(props.max);
  const current = value === null || value === undefined || value === '' ? 0 : Number(value);
  const shown = hover ?? current;
  const stars = [];
  for (let n = 1; n <= count; n += 1) {
    stars.push(
      jsxs(
        'label',
        {
          style: {
            display: 'inline-flex',
            cursor: disabled ? 'default' : 'pointer',
            color: n <= shown ? props.color || 'var(--accent)' : 'var(--border-strong)',
          },
          onMouseEnter: disabled ? undefined : () => setHover(n),
          children: [
            jsx('input', {
              type: 'radio',
              name: id,
              id: n === 1 ? id : `${id}-${n}`,
              value: String(n),
              checked: n === current,
              disabled,
              required,
              'aria-describedby': describedBy,
              style: hidden,
              onChange: () => onChange(n),
            }),
            jsx('span', { style: hidden, children: String(n) }),
            jsx(Icon, { name: 'star', filled: n <= shown, size: 28 }),
          ],
        },
        n,
      ),
    );
  }
  return jsx('div', {
    role: 'radiogroup',
    'aria-label': field.name || field.field,
    'data-stars': current,
    style: { display: 'inline-flex', gap: '2px', position: 'relative' },
    onMouseLeave: () => setHover(null),
    children: stars,
  });
}

/** The display in listings and cards: filled stars for the value, outlined for the rest. */
export function Display(props) {
  const count = starCount(props.max);
  const current = props.value === null || props.value === undefined ? 0 : Number(props.value);
  const stars = [];
  for (let n = 1; n <= count; n += 1) {
    stars.push(
      jsx(
        'span',
        {
          style: { color: n <= current ? props.color || 'var(--accent)' : 'var(--border-strong)' },
          children: jsx(Icon, { name: 'star', filled: n <= current, size: 'small' }),
        },
        n,
      ),
    );
  }
  return jsxs('span', {
    'data-stars': current,
    style: { display: 'inline-flex', alignItems: 'center' },
    children: [jsx('span', { style: hidden, children: String(current) }), ...stars],
  });
}
