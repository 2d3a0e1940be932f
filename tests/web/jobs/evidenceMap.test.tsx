import { createTheme } from '@mui/material/styles';
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

  const ikejaHq = { name: 'Ikeja', lat: 6.5965, lng: 3.3421 };

  /** The map of a point beside Ikeja's headquarters, once its tiles are asked for, and their zoom. */
  async function renderBeside(lat: number, lng: number, accuracy: number | null) {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(280);
    const { container } = render(
      <EvidenceMap lat={lat} lng={lng} accuracy={accuracy} claimedPlace={ikejaHq} />,
    );
    await waitFor(() =>
      expect(container.querySelectorAll('img.leaflet-tile').length).toBeGreaterThan(0),
    );
    const zooms = new Set(
      [...container.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].map((img) =>
        Number(/\/(\d+)\/\d+\/\d+\.png$/.exec(img.src)?.[1]),
      ),
    );
    vi.restoreAllMocks();
    expect(zooms.size).toBe(1);
    return { container, zoom: [...zooms][0]! };
  }

  it("draws the claimed LGA's headquarters as a second, named marker and shows both points", async () => {
    // A capture in Abuja for a job claimed in Ikeja, Lagos: about 530 km apart.
    const { container, zoom } = await renderBeside(9.0579, 7.4951, 12);
    // Both points in 400 × 280 px: a country-wide zoom, never the street-level 17 of one point.
    expect(zoom).toBeGreaterThanOrEqual(4);
    expect(zoom).toBeLessThanOrEqual(7);

    expect(container.querySelector('.leaflet-tooltip')).toHaveTextContent('Ikeja');
    // The point (blue) and the headquarters (the theme's warning colour), beside the accuracy ring.
    const strokes = [...container.querySelectorAll('path.leaflet-interactive')].map((path) =>
      path.getAttribute('stroke'),
    );
    expect(strokes).toHaveLength(3);
    expect(strokes.filter((colour) => colour === '#3388ff')).toHaveLength(2);
    expect(strokes).toContain(createTheme().palette.warning.dark);
  });

  it('zooms to the street when the two points are close together', async () => {
    // About 1.2 km apart: both fit at zoom 14 or 15.
    const { zoom } = await renderBeside(6.6018, 3.3515, null);
    expect(zoom).toBeGreaterThanOrEqual(14);
    expect(zoom).toBeLessThanOrEqual(15);
  });
});
