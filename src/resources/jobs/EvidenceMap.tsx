import { useRef } from 'react';
import { Circle, CircleMarker, MapContainer, TileLayer } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';

export interface EvidenceMapProps {
  lat: number;
  lng: number;
  /** GPS accuracy in metres, drawn as a circle around the point. */
  accuracy: number | null;
  /** Called once when a map tile fails to load (no network, blocked by a policy…). */
  onTilesFailed?: () => void;
}

export const osmTileUrl = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The GPS point of the evidence on an OpenStreetMap map (Leaflet). Loaded lazily by JobEvidence,
 * so that Leaflet is not part of the area's chunk. A circle marker (no marker images to serve)
 * and the accuracy circle.
 */
export default function EvidenceMap({ lat, lng, accuracy, onTilesFailed }: EvidenceMapProps) {
  const failed = useRef(false);
  const center: [number, number] = [lat, lng];
  return (
    <MapContainer
      center={center}
      zoom={17}
      scrollWheelZoom={false}
      style={{ height: 280, width: '100%', borderRadius: 4 }}
    >
      <TileLayer
        url={osmTileUrl}
        maxZoom={19}
        // The server's Referrer-Policy is no-referrer; OpenStreetMap's tile policy wants to know
        // the site asking: the tiles alone send the origin (not the job's address).
        referrerPolicy="strict-origin-when-cross-origin"
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        eventHandlers={{
          tileerror: () => {
            if (failed.current) return;
            failed.current = true;
            onTilesFailed?.();
          },
        }}
      />
      {accuracy !== null && accuracy > 0 ? (
        <Circle center={center} radius={accuracy} pathOptions={{ weight: 1, fillOpacity: 0.1 }} />
      ) : null}
      <CircleMarker center={center} radius={8} pathOptions={{ weight: 2, fillOpacity: 0.8 }} />
    </MapContainer>
  );
}
