import { getImageProps, type ImageProps } from "next/image";

/**
 * next/image's optimised URLs and srcset on a plain <img>, rendered on the server. The
 * <Image> component is a client component: using it put its chunk on every public page with a
 * picture, above the not-found page's JavaScript. Nothing here needs
 * it (no blur placeholders, no onLoad); `loading`/`fetchPriority` pass straight through.
 *
 * Every attribute reaches the browser twice (the HTML and the RSC payload), so it writes the
 * same image with fewer bytes than next/image:
 *  - a fixed-size image gets the 1x URL as `src` and only the 2x one in `srcset` (next/image
 *    writes the 2x URL twice: as `src` and beside the 1x one), which every browser reads alike;
 *  - `fill` leaves the positioning to the class (next/image writes an inline style), and
 *    there is no `decoding` attribute (the browser's default);
 *  - an image loaded at once (`loading="eager"`) sits in a <picture>: React preloads every
 *    other non-lazy <img>, writing its whole srcset twice more (a <link rel="preload"> in
 *    <head> and a hint in the RSC payload). The image is in the HTML the browser parses first,
 *    with its fetchpriority, so the browser's preload scanner finds it as early.
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
