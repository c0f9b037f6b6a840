import { useContext, useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { Button, Notice, NumberInput } from '../../../ui';
import { useEngineT } from '../../i18n';
import { FormServicesContext, type InterfaceComponentProps } from '../contract';
import { roundLatLng, toLatLng, validLat, validLng, type LatLng } from './map-value';
import { num } from './values';
import './pickers.css';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The marker: a Material Symbols pin (no Leaflet image markers, which the CSP and the theme would fight). */
function pinIcon(): L.DivIcon {
  return L.divIcon({
    className: 'pickers-map__pin',
    html: '<span class="octavo-symbol material-symbols-outlined octavo-symbol--filled" data-icon="location_on" aria-hidden="true" translate="no"></span>',
    iconSize: [40, 40],
    iconAnchor: [20, 38],
  });
}

/**
 * A point on a map, stored as `{ lat, lng }`: a click or a dragged pin sets it; the latitude and
 * longitude inputs under the map always edit it too (keyboard users, and the only way when the
 * instance has no tile server or its tiles do not load). Leaflet and its CSS are this chunk's own.
 */
export default function MapInterface(props: InterfaceComponentProps) {
  const t = useEngineT();
  const { mapTiles } = useContext(FormServicesContext);
  const value = toLatLng(props.value);
  const [draft, setDraft] = useState<{ lat: number | null; lng: number | null }>({
    lat: value?.lat ?? null,
    lng: value?.lng ?? null,
  });
  const [tilesFailed, setTilesFailed] = useState(false);
  const canvas = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const disabled = props.disabled;
  const height = Math.max(120, num(props.height, 400));
  const showMap = !!mapTiles?.url && !tilesFailed;
  const valueKey = value ? `${value.lat},${value.lng}` : '';

  const emit = (point: LatLng | null) => onChange.current(point);

  // The inputs follow the stored value when it changes elsewhere (the map, a reset).
  useEffect(() => {
    const point = toLatLng(props.value);
    setDraft({ lat: point?.lat ?? null, lng: point?.lng ?? null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valueKey]);

  // The map itself: made once per tile server, removed when the tiles fail.
  useEffect(() => {
    if (!showMap || !canvas.current || !mapTiles) return;
    const start = toLatLng(props.value);
    const instance = L.map(canvas.current, {
      center: start ?? [num(props.mapLat, 40.72803624), num(props.mapLng, -73.94896388)],
      zoom: num(props.defaultZoom, 12),
      maxZoom: num(props.maxZoom, 17),
      keyboard: true,
      zoomControl: false,
    });
    L.control
      .zoom({
        zoomInTitle: t('interfaces.pickers.map_zoom_in'),
        zoomOutTitle: t('interfaces.pickers.map_zoom_out'),
      })
      .addTo(instance);
    // Keyboard: the arrow keys pan (Leaflet's own), Enter places the location at the centre.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || disabled || event.target !== instance.getContainer()) return;
      event.preventDefault();
      const centre = instance.getCenter();
      emit(roundLatLng(centre.lat, centre.lng));
    };
    const container = instance.getContainer();
    container.addEventListener('keydown', onKey);
    let loaded = 0;
    L.tileLayer(mapTiles.url, {
      maxZoom: num(props.maxZoom, 17),
      attribution: escapeHtml(mapTiles.attribution),
    })
      .on('tileload', () => {
        loaded += 1;
      })
      // Tiles that never load (no network, a blocked host): fall back to the coordinates alone.
      .on('tileerror', () => {
        if (loaded === 0) setTilesFailed(true);
      })
      .addTo(instance);
    instance.on('click', (event: L.LeafletMouseEvent) => {
      if (!disabled) emit(roundLatLng(event.latlng.lat, event.latlng.lng));
    });
    map.current = instance;
    return () => {
      container.removeEventListener('keydown', onKey);
      instance.remove();
      map.current = null;
      marker.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showMap, mapTiles?.url, mapTiles?.attribution, disabled]);

  // The pin follows the value.
  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    const point = toLatLng(props.value);
    if (!point) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      marker.current = L.marker([point.lat, point.lng], {
        icon: pinIcon(),
        draggable: !disabled,
        keyboard: false,
        title: t('interfaces.pickers.map_marker'),
        alt: t('interfaces.pickers.map_marker'),
      })
        .on('dragend', (event) => {
          const at = (event.target as L.Marker).getLatLng();
          emit(roundLatLng(at.lat, at.lng));
        })
        .addTo(instance);
    } else {
      marker.current.setLatLng([point.lat, point.lng]);
    }
    if (!instance.getBounds().contains([point.lat, point.lng])) instance.panTo([point.lat, point.lng]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valueKey, showMap, disabled]);

  const edit = (next: { lat: number | null; lng: number | null }) => {
    setDraft(next);
    if (next.lat === null && next.lng === null) emit(null);
    else if (validLat(next.lat) && validLng(next.lng)) emit(roundLatLng(next.lat!, next.lng!));
  };
  const latInvalid = draft.lat !== null && !validLat(draft.lat);
  const lngInvalid = draft.lng !== null && !validLng(draft.lng);
  const latId = props.id;
  const lngId = `${props.id}-lng`;
  const problemId = `${props.id}-problem`;

  return (
    <div className="pickers-map">
      {showMap && (
        <div
          ref={canvas}
          className="pickers-map__canvas"
          style={{ height }}
          role="region"
          aria-label={t('interfaces.pickers.map_region')}
        />
      )}
      {!showMap && (
        <Notice color="warning" icon="map" className="pickers-map__notice" live="status">
          {mapTiles?.url ? t('interfaces.pickers.map_tiles_failed') : t('interfaces.pickers.map_no_tiles')}
        </Notice>
      )}
      <div className="pickers-map__coordinates">
        <div className="pickers-map__coordinate">
          <label htmlFor={latId}>{t('interfaces.pickers.map_latitude')}</label>
          <NumberInput
            id={latId}
            value={draft.lat}
            onChange={(lat) => edit({ ...draft, lat })}
            disabled={disabled}
            min={-90}
            max={90}
            invalid={latInvalid}
            describedBy={
              [latInvalid || lngInvalid ? problemId : null, props.describedBy].filter(Boolean).join(' ') ||
              undefined
            }
          />
        </div>
        <div className="pickers-map__coordinate">
          <label htmlFor={lngId}>{t('interfaces.pickers.map_longitude')}</label>
          <NumberInput
            id={lngId}
            value={draft.lng}
            onChange={(lng) => edit({ ...draft, lng })}
            disabled={disabled}
            min={-180}
            max={180}
            invalid={lngInvalid}
            describedBy={latInvalid || lngInvalid ? problemId : undefined}
          />
        </div>
        <Button
          variant="secondary"
          icon="location_off"
          disabled={disabled || (value === null && draft.lat === null && draft.lng === null)}
          onClick={() => edit({ lat: null, lng: null })}
        >
          {t('interfaces.pickers.map_clear')}
        </Button>
      </div>
      {(latInvalid || lngInvalid) && (
        <p id={problemId} className="pickers-error" role="alert">
          {t('interfaces.pickers.map_out_of_range')}
        </p>
      )}
    </div>
  );
}
