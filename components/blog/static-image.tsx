import { getImageProps, type ImageProps } from "next/image";

/**
 * next/image's optimised URLs and srcset on a plain <img>, rendered on the server. The
 * <Image> component is a client component: using it put its ~5.6 KB (compressed) chunk on
 * every public page with a picture, above the not-found page's JavaScript. Nothing here needs
 * it (no blur placeholders, no onLoad); `loading`/`fetchPriority` pass straight through.
 */
export function StaticImage(props: ImageProps) {
  const { props: img } = getImageProps(props);
  // The inline `color: transparent` only hides alt text while loading; `fill` keeps its layout.
  const { color: _color, ...style } = img.style ?? {};
  const rest = { ...img, style: Object.keys(style).length ? style : undefined };
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- alt comes from props (required by ImageProps)
  return <img {...rest} />;
}
