import { getImageProps, type ImageProps } from "next/image";

// next/image's URLs on a plain <img> (<Image>'s client chunk would ship with every page). Attributes
// are written twice (HTML and RSC payload): the 1x URL as `src`, only the 2x in `srcset`, no `fill`
// style or `decoding`; an eager image sits in a <picture>, or React would preload it, srcset and all.
export function StaticImage(props: ImageProps) {
  const { props: img } = getImageProps(props);
  const { style: _style, decoding: _decoding, srcSet, src, ...rest } = img;
  const density = /^(\S+) 1x, (\S+) 2x$/.exec(srcSet ?? "");
  const sources = density ? { src: density[1], srcSet: `${density[2]} 2x` } : { src, srcSet };
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- alt comes from props (required by ImageProps)
  const element = <img {...rest} {...sources} />;
  return props.loading === "eager" ? <picture>{element}</picture> : element;
}
