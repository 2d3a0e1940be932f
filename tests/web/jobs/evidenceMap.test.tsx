import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import EvidenceMap from '../../../src/resources/jobs/EvidenceMap';

/** The real Leaflet map in jsdom: no layout, so the map is given a size the way a browser would. */
describe('EvidenceMap', () => {
  it('asks OpenStreetMap for the tiles around the point, sending the origin only', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(280);
    const { container } = render(<EvidenceMap lat={6.6018} lng={3.3515} accuracy={12} />);

    await waitFor(() =>
      expect(container.querySelectorAll('img.leaflet-tile').length).toBeGreaterThan(0),
    );
    const tiles = [...container.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
    // Zoom 17 around 6.6018, 3.3515: tile x = 66756, y = 63127 (OSM slippy-map maths).
    expect(tiles.map((img) => img.src)).toContain(
      'https://tile.openstreetmap.org/17/66756/63127.png',
    );
    for (const img of tiles) {
      expect(img.src).toMatch(/^https:\/\/tile\.openstreetmap\.org\/17\/\d+\/\d+\.png$/);
      expect(img.referrerPolicy).toBe('strict-origin-when-cross-origin');
    }
    expect(container.querySelector('.leaflet-control-attribution')).toHaveTextContent(
      'OpenStreetMap',
    );
    vi.restoreAllMocks();
  });
});
