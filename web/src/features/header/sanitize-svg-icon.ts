/**
 * Tab icons are admin-editable text, so an inline SVG is untrusted markup. Only drawing elements and
 * presentation attributes survive; scripts, event handlers, foreign content and links outside the icon
 * are dropped. The result is a detached DOM node, inserted without ever going through innerHTML.
 */

const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'path',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'rect',
  'title',
  'desc',
  'defs',
  'lineargradient',
  'radialgradient',
  'stop',
  'clippath',
  'mask',
  'symbol',
  'use',
]);

const ALLOWED_ATTRIBUTES = new Set([
  'viewbox',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'd',
  'points',
  'fill',
  'fill-rule',
  'fill-opacity',
  'clip-rule',
  'clip-path',
  'mask',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'stroke-opacity',
  'opacity',
  'transform',
  'xmlns',
  'xmlns:xlink',
  'id',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientunits',
  'gradienttransform',
  'preserveaspectratio',
  'vector-effect',
  'href',
  'xlink:href',
]);

const SVG_NS = 'http://www.w3.org/2000/svg';

function isSafeValue(name: string, value: string): boolean {
  const compact = value.replace(/\s+/g, '').toLowerCase();
  if (compact.includes('javascript:') || compact.includes('data:')) return false;
  // Links may only point inside the icon itself (gradients, <use>), never to another document.
  if (name === 'href' || name === 'xlink:href') return compact.startsWith('#');
  if (compact.includes('url(')) return /^url\(#[\w-]+\)$/.test(compact);
  return true;
}

function clean(element: Element): void {
  for (const child of Array.from(element.children)) {
    if (ALLOWED_ELEMENTS.has(child.localName.toLowerCase()) && child.namespaceURI === SVG_NS) clean(child);
    else child.remove();
  }
  for (const attribute of Array.from(element.attributes)) {
    const name = attribute.name.toLowerCase();
    if (!ALLOWED_ATTRIBUTES.has(name) || !isSafeValue(name, attribute.value)) {
      element.removeAttribute(attribute.name);
    }
  }
}

export function looksLikeInlineSvg(icon: string): boolean {
  return /^<svg[\s>]/i.test(icon.trim());
}

/** A cleaned `<svg>` element ready to insert, or null when the text is not a well-formed SVG. */
export function sanitizeSvgIcon(markup: string): SVGSVGElement | null {
  if (!looksLikeInlineSvg(markup)) return null;
  // Icons copied from a page often omit the namespace; without it XML parsing would not make SVG elements.
  const withNamespace = /^<svg[^>]*\sxmlns=/i.test(markup.trim())
    ? markup.trim()
    : markup.trim().replace(/^<svg/i, `<svg xmlns="${SVG_NS}"`);
  const parsed = new DOMParser().parseFromString(withNamespace, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root?.localName !== 'svg' || root.namespaceURI !== SVG_NS) return null;
  if (parsed.getElementsByTagName('parsererror').length > 0) return null;
  clean(root);
  root.setAttribute('aria-hidden', 'true');
  root.setAttribute('focusable', 'false');
  root.removeAttribute('width');
  root.removeAttribute('height');
  return root as unknown as SVGSVGElement;
}
