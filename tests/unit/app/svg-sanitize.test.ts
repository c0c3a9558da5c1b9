// The SVG sanitiser (issue 28) over the known payloads: each is refused as holding scripts or comes
// out with nothing that runs or reaches out; an ordinary drawing comes out as it went in.
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../../app/config/svg-sanitize.server.js';
import { SVG_FORBIDDEN, SVG_PAYLOADS } from '../../support/sample-files.js';

describe('sanitizeSvg', () => {
  it.each(SVG_PAYLOADS)('$name: refused when it tries to run something, else cleaned', ({ svg, refused }) => {
    const out = sanitizeSvg(svg);
    expect(out.scripts).toBe(refused);
    expect(out.svg).not.toMatch(SVG_FORBIDDEN);
  });

  it('keeps a drawing: gradients, fragment links, embedded PNGs, text and a plain style sheet', () => {
    const drawing =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">' +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#c33"></stop></linearGradient></defs>' +
      '<style>rect{stroke:#000}</style><rect width="4" height="4" fill="url(#g)" style="opacity:0.5"></rect>' +
      '<use xlink:href="#g"></use><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"></image>' +
      '<text x="1" y="9" font-family="Georgia">Salt &amp; grass</text></svg>';
    expect(sanitizeSvg(drawing)).toEqual({ svg: drawing, scripts: false });
  });

  it('drops what an editor adds that nothing draws (namespaced elements and attributes)', () => {
    const inkscape =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:sodipodi="urn:s" sodipodi:docname="a.svg"><sodipodi:namedview pagecolor="#fff"/><rect width="1"/></svg>';
    expect(sanitizeSvg(inkscape)).toEqual({ svg: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"></rect></svg>', scripts: false });
  });
});
