import { useTheme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { Circle, CircleMarker, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';

/** A named place beside the evidence's point: the claimed LGA's headquarters (or its centre). */
export interface MapPlace {
  name: string;
  lat: number;
  lng: number;
}

export interface EvidenceMapProps {
  lat: number;
  lng: number;
  /** GPS accuracy in metres, drawn as a circle around the point. */
  accuracy: number | null;
  /** Called once when a map tile fails to load (no network, blocked by a policy…). */
  onTilesFailed?: () => void;
  /** Drawn as a second marker, with its name, and the map fitted to show both points. */
  claimedPlace?: MapPlace;
}

export const osmTileUrl = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The zoom of a point alone: the street around it. */
const pointZoom = 17;

const bothOptions = { padding: [32, 32] as [number, number], maxZoom: pointZoom };

/** Keeps both points in view when either moves (MapContainer reads its bounds only once). */
function FitBoth({ a, b }: { a: [number, number]; b: [number, number] }) {
  const map = useMap();
  const [aLat, aLng] = a;
  const [bLat, bLng] = b;
  useEffect(() => {
    map.fitBounds(
      [
        [aLat, aLng],
        [bLat, bLng],
      ],
      bothOptions,
    );
  }, [map, aLat, aLng, bLat, bLng]);
  return null;
}

/**
 * The GPS point of the evidence on an OpenStreetMap map (Leaflet). Loaded lazily by JobEvidence,
 * so that Leaflet is not part of the area's chunk. A circle marker (no marker images to serve)
 * and the accuracy circle; with `claimedPlace`, a second marker in the warning colour, named.
 */
export default function EvidenceMap({
  lat,
  lng,
  accuracy,
  onTilesFailed,
  claimedPlace,
}: EvidenceMapProps) {
  const theme = useTheme();
  const failed = useRef(false);
  const center: [number, number] = [lat, lng];
  const place: [number, number] | null = claimedPlace ? [claimedPlace.lat, claimedPlace.lng] : null;
  return (
    <MapContainer
      // Fitted from the start, so that no street-level tiles are fetched only to be left.
      {...(place
        ? { bounds: [center, place], boundsOptions: bothOptions }
        : { center, zoom: pointZoom })}
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
      {claimedPlace && place ? (
        <>
          <CircleMarker
            center={place}
            radius={8}
            pathOptions={{
              color: theme.palette.warning.dark,
              fillColor: theme.palette.warning.main,
              weight: 2,
              fillOpacity: 0.8,
            }}
          >
            <Tooltip permanent direction="top" offset={[0, -8]}>
              {claimedPlace.name}
            </Tooltip>
          </CircleMarker>
          <FitBoth a={center} b={place} />
        </>
      ) : null}
    </MapContainer>
  );
}
