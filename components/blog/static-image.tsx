import { getImageProps, type ImageProps } from "next/image";

/**
 * next/image's optimised URLs on a plain server-rendered <img>: <Image> is a client component whose
 * chunk would ship with every public page. Each attribute is written twice (HTML and RSC payload),
 * so fewer bytes: the 1x URL as `src` and only the 2x one in `srcset`; no inline style for `fill`,
 * no `decoding`; an eager image sits in a <picture>, since React preloads any other non-lazy <img>,
 * writing its srcset twice more (the preload scanner finds it in the HTML as early).
 */
export function StaticImage(props: ImageProps) {
  const { props: img } = getImageProps(props);
  const { style: _style, decoding: _decoding, srcSet, src, ...rest } = img;
  const density = /^(\S+) 1x, (\S+) 2x$/.exec(srcSet ?? "");
  const sources = density ? { src: density[1], srcSet: `${density[2]} 2x` } : { src, srcSet };
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- alt comes from props (required by ImageProps)
  const element = <img {...rest} {...sources} />;
  return props.loading === "eager" ? <picture>{element}</picture> : element;
}
