/**
 * Video links that become embeds instead of downloads (api-v8 §2.8 "URL upload"): a YouTube or Vimeo
 * address names a video by its id; the file row records the provider as its pseudo type
 * (`embed/youtube`, `embed/vimeo`) and the id in `embed`, and no bytes are fetched or stored.
 */

export type EmbedProvider = 'youtube' | 'vimeo';

export interface EmbedRef {
  provider: EmbedProvider;
  id: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

/**
 * The video a link names: `youtube.com/watch?v=ID`, `youtu.be/ID`, `youtube.com/embed/ID`,
 * `/shorts/ID`, `/live/ID`, `vimeo.com/ID`, `player.vimeo.com/video/ID`; null for any other address.
 */
export function embedOf(value: unknown): EmbedRef | null {
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') {
    return YOUTUBE_ID.test(segments[0] ?? '') ? { provider: 'youtube', id: segments[0] } : null;
  }
  if (YOUTUBE_HOSTS.has(host)) {
    const id =
      segments[0] === 'watch' && segments.length === 1
        ? (url.searchParams.get('v') ?? '')
        : ['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '') && segments.length === 2
          ? segments[1]
          : '';
    return YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
  }
  if (VIMEO_HOSTS.has(host)) {
    const id = host === 'player.vimeo.com' ? (segments[0] === 'video' ? segments[1] : '') : segments[0];
    return id && VIMEO_ID.test(id) ? { provider: 'vimeo', id } : null;
  }
  return null;
}

/** The provider's own page of the video. */
export function watchUrl(ref: EmbedRef): string {
  return ref.provider === 'youtube'
    ? `https://www.youtube.com/watch?v=${encodeURIComponent(ref.id)}`
    : `https://vimeo.com/${encodeURIComponent(ref.id)}`;
}

/**
 * The player address, on the providers' privacy-friendly hosts: YouTube's no-cookie domain, and
 * Vimeo's player with `dnt=1` (no tracking cookies).
 */
export function playerUrl(ref: EmbedRef): string {
  return ref.provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(ref.id)}`
    : `https://player.vimeo.com/video/${encodeURIComponent(ref.id)}?dnt=1`;
}

/**
 * The provider's still image of the video. YouTube serves one at a fixed address; Vimeo's needs a
 * call to its API (oEmbed), which the server does not make, so a Vimeo embed has none.
 */
export function posterUrl(ref: EmbedRef): string | null {
  return ref.provider === 'youtube'
    ? `https://i.ytimg.com/vi/${encodeURIComponent(ref.id)}/hqdefault.jpg`
    : null;
}

/** The hosts the app's CSP must allow for embeds: player frames and poster images. */
export const EMBED_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];
export const EMBED_IMAGE_HOSTS = ['https://i.ytimg.com'];

/** The row facts of an embed: what `ingest` records for bytes, here without any. */
export function embedFacts(ref: EmbedRef) {
  return {
    // Unique per video and never a stored key: originals/<name> does not exist for an embed.
    filename_disk: `embed-${ref.provider}-${ref.id}`,
    type: `embed/${ref.provider}`,
    charset: null,
    filesize: 0,
    checksum: null,
    width: null,
    height: null,
    duration: null,
    metadata: null,
    embed: ref.id,
  };
}

/** A download name and a title when the caller gives none. */
export function embedNames(ref: EmbedRef): { filename_download: string; title: string } {
  const provider = ref.provider === 'youtube' ? 'YouTube' : 'Vimeo';
  return { filename_download: `${ref.provider}-${ref.id}`, title: `${provider} video ${ref.id}` };
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** v8's `data.embed` block: the watch address and the player markup, plus the player address. */
export function embedData(ref: EmbedRef, title: string) {
  const player = playerUrl(ref);
  return {
    url: watchUrl(ref),
    embed_url: player,
    html:
      `<iframe src="${escapeAttribute(player)}" title="${escapeAttribute(title)}" width="560" height="315" ` +
      `frameborder="0" allow="autoplay; encrypted-media; picture-in-picture; fullscreen" allowfullscreen></iframe>`,
  };
}
