import { useEffect, useState } from 'react';
import { fetchMyJobs, jobKindLabels, type MyJob } from './api';
import { formatDateTime } from './format';

/** The agent's open jobs, each with its own capture link. */
export function MyJobs({ token }: { token: string }) {
  const [jobs, setJobs] = useState<MyJob[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchMyJobs(token).then(
      (data) => live && setJobs(data),
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <section className="step" aria-labelledby="my-jobs-title">
      <h1 id="my-jobs-title">My jobs</h1>
      <a className="link" href="#">
        Back to this job
      </a>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {!jobs && !error && <p>Loading…</p>}
      {jobs && jobs.length === 0 && <p>You have no open jobs.</p>}
      {jobs && (
        <ul className="jobs">
          {jobs.map((j) => (
            <li key={j.code} className="card">
              <strong>{j.code}</strong> · {jobKindLabels[j.type] ?? j.type}
              {j.current && <span className="badge">This link</span>}
              <div>{j.subject_name}</div>
              {j.address && <div>{j.address}</div>}
              <div>
                {j.lga}, {j.state}
              </div>
              {j.due_at && <div>Due {formatDateTime(j.due_at)}</div>}
              {!j.current && (
                <a className="button" href={j.url}>
                  Open {j.code}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
