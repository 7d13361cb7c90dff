const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * An inline SVG drawn from `paths` (each one's attributes, in order), aria-hidden: the control or
 * heading it sits in names what it is. The brand mark and the layer list's pin are drawn with it.
 */
export function svgIcon(icon: {
  viewBox: string;
  className: string;
  paths: readonly Readonly<Record<string, string>>[];
}): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', icon.viewBox);
  svg.setAttribute('class', icon.className);
  svg.setAttribute('aria-hidden', 'true');
  for (const attributes of icon.paths) {
    const path = document.createElementNS(SVG_NS, 'path');
    for (const [name, value] of Object.entries(attributes)) path.setAttribute(name, value);
    svg.append(path);
  }
  return svg;
}
