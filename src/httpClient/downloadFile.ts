/** Saves a Blob as a file the way a download link would (spec §7: `data.csv` by default). */
export function downloadFile(blob: Blob, fileName = 'data.csv'): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser the time to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
