/**
 * Hands a file the page already holds to whatever saves downloads: the browser, or inside the app the
 * WebView, which passes every download to the host's DownloadListener as a URL (docs/api.md, "File").
 */

/**
 * Saves `base64` as `fileName`. A `data:` URL rather than a `blob:` one: the host receives only the
 * URL, and a `data:` URL holds the bytes, which the host can decode itself, while a `blob:` URL opens
 * nowhere but inside this page. No URL of the server is handed over: none would open without the
 * page's sealed session.
 * @example saveFile('personal-data-2026-01-05.pdf', 'application/pdf', pdf)
 */
export function saveFile(fileName: string, type: string, base64: string): void {
  const link = document.createElement('a');
  link.href = `data:${type};base64,${base64}`;
  link.download = fileName;
  link.hidden = true;
  // In the document while clicked: some engines ignore a click on a link that is not.
  document.body.appendChild(link);
  link.click();
  document.body.removeChild(link);
}
