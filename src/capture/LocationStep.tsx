import { useState } from 'react';
import { locationErrorMessage } from './messages';
import type { GpsFix } from './pendingStore';

interface Props {
  locationText: string;
  onLocationText: (text: string) => void;
  gps: GpsFix | null;
  onGps: (gps: GpsFix | null) => void;
  onSubmit: () => void;
  onBack: () => void;
  submitting: boolean;
}

/** The last step: the agent's description, a GPS fix from the browser, and Submit. */
export function LocationStep(props: Props) {
  const { locationText, onLocationText, gps, onGps, onSubmit, onBack, submitting } = props;
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const capture = () => {
    setError(null);
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setError(locationErrorMessage(null));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        onGps({
          lat: pos.coords.latitude,
          lng: pos.coords.longitude,
          accuracy: pos.coords.accuracy,
        });
      },
      (err) => {
        setLocating(false);
        setError(locationErrorMessage(err));
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  };

  return (
    <section className="step" aria-labelledby="step-title">
      <h2 id="step-title">Location</h2>
      <label className="field">
        <span>Location</span>
        <textarea
          name="location_text"
          rows={3}
          maxLength={500}
          value={locationText}
          onChange={(e) => onLocationText(e.target.value)}
          placeholder="Where you are: street, building, landmark"
        />
      </label>
      <button type="button" className="secondary wide" onClick={capture} disabled={locating}>
        {locating ? 'Finding your location…' : 'Capture'}
      </button>
      {gps && (
        <p className="gps" role="status">
          GPS {gps.lat.toFixed(6)}, {gps.lng.toFixed(6)} · accuracy {Math.round(gps.accuracy)} m
        </p>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {!gps && !error && (
        <p className="hint">
          Press Capture to add your GPS position. You can submit without it, but the reviewer will
          see that it is missing.
        </p>
      )}
      <div className="actions">
        <button type="button" className="secondary" onClick={onBack}>
          Back
        </button>
        <button type="button" onClick={onSubmit} disabled={submitting}>
          Submit
        </button>
      </div>
    </section>
  );
}
