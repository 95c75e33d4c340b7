import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { areaShells, type Area } from '@shared/area-shells';
import { AreaHeader, areaOfPath } from './area-header';

describe('the signed-in areas\' header', () => {
  it.each<Area>(['consumer', 'business', 'admin'])('is, without its controls, exactly the %s frame the server paints first', (area) => {
    // The server's shell is replaced by this on React's first render: any difference would
    // make the header jump (ADR 047).
    expect(renderToStaticMarkup(<AreaHeader area={area} />)).toBe(areaShells[area]);
  });

  it('knows which area an address belongs to', () => {
    expect(areaOfPath('/app')).toBe('consumer');
    expect(areaOfPath('/business/dashboard')).toBe('business');
    expect(areaOfPath('/admin')).toBe('admin');
    expect(areaOfPath('/auth')).toBeNull();
    expect(areaOfPath('/business/interest')).toBeNull();
    expect(areaOfPath('/application')).toBeNull();
  });
});
