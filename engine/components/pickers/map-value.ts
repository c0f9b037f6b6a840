/** A map value: `{ "lat": n, "lng": n }` (a json field), or null. */
export interface LatLng {
  lat: number;
  lng: number;
}

export function toLatLng(value: unknown): LatLng | null {
  let data = value;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!data || typeof data !== 'object') return null;
  const { lat, lng } = data as Record<string, unknown>;
  const [a, b] = [Number(lat), Number(lng)];
  if (lat === null || lng === null || !Number.isFinite(a) || !Number.isFinite(b)) return null;
  return { lat: a, lng: b };
}

/** Eight decimals (about a millimetre); longitudes wrapped into -180…180 after panning round the world. */
export function roundLatLng(lat: number, lng: number): LatLng {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  const round = (n: number) => Math.round(n * 1e8) / 1e8;
  return { lat: round(Math.max(-90, Math.min(90, lat))), lng: round(wrapped) };
}

export const validLat = (lat: number | null) => lat !== null && lat >= -90 && lat <= 90;
export const validLng = (lng: number | null) => lng !== null && lng >= -180 && lng <= 180;
