import { useAppData } from './hooks';

export interface MapTiles {
  /** A Leaflet tile URL template. */
  url: string;
  /** The credit the tile server asks for, plain text. */
  attribution: string;
}

/**
 * The instance's map tile server, from the project info hydrated at start-up (`server.map`): the map
 * interface draws its tiles from here, and the server's CSP allows images from this host only. Null
 * when the instance configures none; maps then show their coordinate inputs alone.
 */
export function useMapTiles(): MapTiles | null {
  return useAppData().data.serverInfo.mapTiles ?? null;
}
