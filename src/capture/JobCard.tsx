import { jobKindLabels, type CaptureJob } from './api';
import { formatDateTime } from './format';

export function JobCard({ job }: { job: CaptureJob }) {
  const rows: [string, string | null][] = [
    ['Name', job.subject_name],
    ['Address', job.address],
    ['Landmark', job.landmark],
    ['State', job.state],
    ['LGA', job.lga],
    ['Due', job.due_at ? formatDateTime(job.due_at) : null],
  ];
  return (
    <section className="card" aria-label="Job">
      <h1>
        {job.code} <small>{jobKindLabels[job.type] ?? job.type}</small>
      </h1>
      <dl>
        {rows
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
