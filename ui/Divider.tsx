import './Divider.css';
export interface DividerProps {
  title?: string | null;
  description?: string | null;
  size?: 'small' | 'medium' | 'large' | null;
  /** Draws a horizontal rule under the title. */
  rule?: boolean | null;
  margin?: boolean | null;
}

export function Divider(props: DividerProps) {
  const size = props.size ?? 'large';
  const Heading = size === 'large' ? 'h2' : size === 'medium' ? 'h3' : 'h4';
  return (
    <div className={`octavo-divider octavo-divider--${size}${props.margin ? ' octavo-divider--margin' : ''}`}>
      {props.title && <Heading className="octavo-divider__title">{props.title}</Heading>}
      {props.rule && <hr />}
      {props.description && <p className="octavo-divider__description">{props.description}</p>}
    </div>
  );
}
