/**
 * Uploaded images live at /media/<public_id>/640.webp with 320 and 1280 px renditions beside it;
 * other URLs (seed images from elsewhere) are used as they are.
 */
export function imageProps(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const m = url.match(/^(.*)\/(320|640|1280)\.webp$/);
  if (!m) return { src: url };
  const base = m[1];
  return { src: url, srcSet: `${base}/320.webp 320w, ${base}/640.webp 640w, ${base}/1280.webp 1280w`, sizes };
}
