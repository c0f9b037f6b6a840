import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { Button, IconButton } from '../../../ui';
import { useT } from '../../i18n';

/** Zoom steps beyond "fit": fractions of the picture's own size. */
const STEPS = [0.25, 0.5, 1, 2, 4, 8];

type Zoom = 'fit' | number;

/**
 * An image at "fit" (the whole picture in view) or at a scale of its own pixels (100 % and steps
 * around it), scrollable when larger than the view. Clicking the picture toggles fit and 100 % at
 * the clicked point; by keyboard the picture is a button (Enter toggles) and + / − / 0 / 1 zoom in,
 * out, fit and 100 % while focus is inside; arrow keys scroll.
 */
export function ImageZoom({ src, alt }: { src: string; alt: string }) {
  const t = useT();
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  // Where to scroll after the next layout: a point of the picture (0–1) to bring to the middle.
  const focusPoint = useRef<{ x: number; y: number } | null>(null);

  const fitScale = useCallback(() => {
    const box = viewport.current;
    if (!box || !natural) return 1;
    return Math.min(1, box.clientWidth / natural.width, box.clientHeight / natural.height);
  }, [natural]);
  const scale = zoom === 'fit' ? fitScale() : zoom;
  // The fit scale follows the view's size: draw again when it changes.
  const [, resized] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const box = viewport.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => resized());
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const step = (direction: 1 | -1) => {
    const current = zoom === 'fit' ? fitScale() : zoom;
    const next =
      direction > 0
        ? STEPS.find((s) => s > current + 1e-6)
        : [...STEPS].reverse().find((s) => s < current - 1e-6);
    focusPoint.current = { x: 0.5, y: 0.5 };
    setZoom(next ?? (direction > 0 ? STEPS[STEPS.length - 1] : STEPS[0]));
  };

  useLayoutEffect(() => {
    const box = viewport.current;
    const point = focusPoint.current;
    if (!box || !point || zoom === 'fit' || !natural) return;
    focusPoint.current = null;
    box.scrollLeft = point.x * natural.width * zoom - box.clientWidth / 2;
    box.scrollTop = point.y * natural.height * zoom - box.clientHeight / 2;
  }, [zoom, natural]);

  const toggle = (event?: MouseEvent<HTMLButtonElement>) => {
    if (zoom !== 'fit') {
      setZoom('fit');
      return;
    }
    const rect = event?.currentTarget.getBoundingClientRect();
    focusPoint.current =
      event && rect && rect.width > 0 && event.detail > 0
        ? { x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height }
        : { x: 0.5, y: 0.5 };
    setZoom(1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const keys: Record<string, () => void> = {
      '+': () => step(1),
      '=': () => step(1),
      '-': () => step(-1),
      '0': () => setZoom('fit'),
      '1': () => {
        focusPoint.current = { x: 0.5, y: 0.5 };
        setZoom(1);
      },
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  const percent = Math.round(scale * 100);
  const zoomed = zoom !== 'fit';
  return (
    <div className="file-zoom" onKeyDown={onKeyDown}>
      <div className="file-zoom__toolbar" role="toolbar" aria-label={t('file_detail.zoom_toolbar')}>
        <Button
          size="small"
          variant="secondary"
          icon="fit_screen"
          aria-pressed={!zoomed}
          onClick={() => setZoom('fit')}
        >
          {t('file_detail.zoom_fit')}
        </Button>
        <Button
          size="small"
          variant="secondary"
          icon="crop_free"
          aria-pressed={zoom === 1}
          onClick={() => {
            focusPoint.current = { x: 0.5, y: 0.5 };
            setZoom(1);
          }}
        >
          {t('file_detail.zoom_actual')}
        </Button>
        <IconButton icon="zoom_out" size="small" label={t('file_detail.zoom_out')} onClick={() => step(-1)} />
        <IconButton icon="zoom_in" size="small" label={t('file_detail.zoom_in')} onClick={() => step(1)} />
        <output className="file-zoom__readout" aria-live="polite">
          {t('file_detail.zoom_percent', { percent })}
        </output>
      </div>
      <div
        ref={viewport}
        className={`file-zoom__viewport${zoomed ? ' file-zoom__viewport--zoomed' : ''}`}
        // At fit the view takes the picture's proportions (up to its height limit), no empty bands.
        style={!zoomed && natural ? { aspectRatio: `${natural.width} / ${natural.height}` } : undefined}
      >
        <button
          type="button"
          className="file-zoom__target"
          aria-label={
            zoomed
              ? t('file_detail.zoom_click_fit', { name: alt })
              : t('file_detail.zoom_click_actual', { name: alt })
          }
          aria-keyshortcuts="+ - 0 1"
          onClick={toggle}
        >
          <img
            src={src}
            alt={alt}
            className="file-zoom__image"
            draggable={false}
            onLoad={(event) => {
              const image = event.currentTarget;
              // An SVG without a size of its own draws at the browser's default of 300 × 150.
              setNatural({ width: image.naturalWidth || 300, height: image.naturalHeight || 150 });
            }}
            style={
              zoomed && natural
                ? {
                    width: natural.width * zoom,
                    height: natural.height * zoom,
                    maxWidth: 'none',
                    maxHeight: 'none',
                  }
                : undefined
            }
          />
        </button>
      </div>
    </div>
  );
}
