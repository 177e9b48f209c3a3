// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { saveFile } from './save-file';

describe('saveFile', () => {
  it('clicks a download link that holds the bytes themselves, and leaves nothing behind', () => {
    const clicked: { href: string; download: string; inDocument: boolean }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, inDocument: document.body.contains(this) });
    });
    try {
      saveFile('personal-data-2026-01-05.pdf', 'application/pdf', 'JVBERi0=');
    } finally {
      click.mockRestore();
    }
    expect(clicked).toEqual([{ href: 'data:application/pdf;base64,JVBERi0=', download: 'personal-data-2026-01-05.pdf', inDocument: true }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });
});
