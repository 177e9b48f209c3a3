// @vitest-environment happy-dom
/**
 * The tiers' comparison table: every benefit both tiers include shows a drawn check mark to the eye
 * and says "included" to assistive tech, in every tier's column; the downloads row gives each tier's
 * allowance from the benefits table the server applies. No character the system font may lack.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, expect, it } from 'vitest';
import en from '../../../shared/messages/en-US.json';
import { setPageText } from '../../../lib/i18n';
import { BENEFITS } from '../../../shared/vip/benefits';
import { BenefitTable } from './BenefitTable';

let root: HTMLElement;

beforeEach(() => {
  root = document.createElement('div');
  document.body.append(root);
  setPageText('en-US', { shell: en.shell, error: en.error, vip: en.vip });
  act(() => render(<BenefitTable />, root));
});

afterEach(() => {
  act(() => render(null, root));
  root.remove();
});

const rows = () => [...root.querySelectorAll('tbody tr')];

it('marks each shared benefit in both tiers: a drawn check for the eye, "included" for assistive tech', () => {
  const shared = rows().slice(0, -1);
  expect(shared.map((row) => row.querySelector('th')?.textContent)).toEqual([en.vip.benefitLossless, en.vip.benefitVipSongs, en.vip.benefitNoTrial]);
  for (const row of shared) {
    const cells = [...row.querySelectorAll('td')];
    expect(cells).toHaveLength(2);
    for (const cell of cells) {
      expect(cell.querySelector('.vip-check[aria-hidden="true"]')).not.toBeNull();
      expect(cell.querySelector('.visually-hidden')?.textContent).toBe(en.vip.included);
      expect(cell.textContent).toBe(en.vip.included);
    }
  }
});

it("gives each tier's downloads from the benefits table", () => {
  const downloads = rows().at(-1)!;
  expect(downloads.querySelector('th')?.textContent).toBe(en.vip.benefitDownloads);
  expect([...downloads.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
    BENEFITS.vip.downloadsPerCycle.toLocaleString('en-US'),
    BENEFITS.svip.downloadsPerCycle.toLocaleString('en-US'),
  ]);
});
