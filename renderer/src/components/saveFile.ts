/** Saves a Blob under a file name, as a download of the browser (or the desktop app's window). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has taken the URL by the next turn; freeing it at once can cancel it in some engines.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
