import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/app';
import { hostCalls, watch } from '../fixtures/pages';
import { pattern, t } from '../fixtures/text';

const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Counts the page's POSTs to an API path (encrypted bodies: the count is what the test can see). */
function countPosts(page: Page, path: string) {
  const seen = { n: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === path) seen.n++;
  });
  return seen;
}
const submit = (page: Page) => page.getByRole('button', { name: t('en-US', 'form.submit') });

test.describe('report a comment', () => {
  test('a reason must be chosen; then the report is sent once and thanked', async ({ page, signIn, open }) => {
    const problems = watch(page);
    await signIn();
    const posts = countPosts(page, '/api/report');
    await open('/k-report');
    await expect(page.locator('.reported-title')).toHaveText('This chorus lives in my head rent-free. Best song of the year!');
    await expect(page.locator('.reported-detail')).toHaveText(t('en-US', 'report.commentBy', { author: 'Mira fan club' }));
    await page.getByLabel(t('en-US', 'report.descriptionLabel')).fill('Nothing wrong, testing the required reason.');
    await submit(page).click();
    await expect(page.locator('.choices .form-error')).toHaveText(t('en-US', 'form.reasonRequired'));
    await expect(page.getByRole('radio', { name: t('en-US', 'report.spam') })).toBeFocused();
    expect(posts.n).toBe(0);
    await page.getByRole('radio', { name: t('en-US', 'report.spam') }).check();
    await expect(page.locator('.choices .form-error')).toHaveCount(0);
    await submit(page).click();
    await expect(page.getByRole('heading', { name: t('en-US', 'report.sentTitle') })).toBeVisible();
    expect(posts.n).toBe(1);
    expect(problems).toEqual([]);
  });

  test('a double tap sends one report', async ({ page, signIn, open }) => {
    await signIn({ replyDelayMs: 50 });
    const posts = countPosts(page, '/api/report');
    // Slow answers: the second tap lands while the first report is on its way.
    await page.route('**/api/report', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await open('/k-report');
    await page.getByRole('radio', { name: t('en-US', 'report.abuse') }).check();
    await submit(page).dblclick();
    await expect(page.getByRole('button', { name: t('en-US', 'form.submitting') })).toBeDisabled();
    await expect(page.getByRole('heading', { name: t('en-US', 'report.sentTitle') })).toBeVisible();
    expect(posts.n).toBe(1);
  });

  test('400 characters or more are refused with the spec message, and nothing typed is cut', async ({ page, signIn, open }) => {
    await signIn();
    const posts = countPosts(page, '/api/report');
    await open('/k-report');
    await page.getByRole('radio', { name: t('en-US', 'report.other') }).check();
    const long = 'a'.repeat(405);
    await page.getByLabel(t('en-US', 'report.descriptionLabel')).fill(long);
    await expect(page.locator('#report-text-error')).toHaveText(t('en-US', 'error.tooLong'));
    await expect(page.locator('.form-count')).toHaveText('405/400');
    await submit(page).click();
    expect(posts.n).toBe(0);
    await expect(page.getByLabel(t('en-US', 'report.descriptionLabel'))).toHaveValue(long);
    // Down to 399: accepted.
    await page.getByLabel(t('en-US', 'report.descriptionLabel')).fill('a'.repeat(399));
    await expect(page.locator('#report-text-error')).toHaveCount(0);
    await submit(page).click();
    await expect(page.getByRole('heading', { name: t('en-US', 'report.sentTitle') })).toBeVisible();
  });

  test('"Other" needs a description', async ({ page, signIn, open }) => {
    await signIn();
    await open('/k-report');
    await page.getByRole('radio', { name: t('en-US', 'report.other') }).check();
    await submit(page).click();
    await expect(page.locator('#report-text-error')).toHaveText(t('en-US', 'report.describeOther'));
    await expect(page.getByLabel(t('en-US', 'report.descriptionLabel'))).toBeFocused();
  });

  test('the draft survives a reload and a failed submit, and is gone once sent', async ({ page, signIn, open }) => {
    await signIn();
    await open('/k-report');
    await page.getByRole('radio', { name: t('en-US', 'report.fraud') }).check();
    await page.getByLabel(t('en-US', 'report.descriptionLabel')).fill('Asks people for their passwords.');
    await page.reload();
    await expect(page.getByRole('radio', { name: t('en-US', 'report.fraud') })).toBeChecked();
    await expect(page.getByLabel(t('en-US', 'report.descriptionLabel'))).toHaveValue('Asks people for their passwords.');
    // Offline: the message, and everything stays.
    await page.context().setOffline(true);
    await submit(page).click();
    await expect(page.locator('form .form-error').last()).toHaveText(t('en-US', 'error.noInternet'));
    await expect(page.getByLabel(t('en-US', 'report.descriptionLabel'))).toHaveValue('Asks people for their passwords.');
    await page.context().setOffline(false);
    await submit(page).click();
    await expect(page.getByRole('heading', { name: t('en-US', 'report.sentTitle') })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: t('en-US', 'report.fraud') })).not.toBeChecked();
    await expect(page.getByLabel(t('en-US', 'report.descriptionLabel'))).toHaveValue('');
  });

  test('a second report of the same comment says it is already being reviewed', async ({ page, signIn, open }) => {
    await signIn();
    await open('/k-report');
    await page.getByRole('radio', { name: t('en-US', 'report.spam') }).check();
    await submit(page).click();
    await expect(page.locator('.report-sent p')).toHaveText(t('en-US', 'report.sentBody'));
    await page.reload();
    await page.getByRole('radio', { name: t('en-US', 'report.sexual') }).check();
    await submit(page).click();
    await expect(page.locator('.report-sent p')).toHaveText(t('en-US', 'report.duplicate'));
  });

  test('a deleted comment says so, and there is nothing to fill in', async ({ page, signIn, open }) => {
    await signIn({ reportInfo: { commentId: 'c-removed', content: 'Cheap followers', author: 'spammer-77' } });
    await open('/k-report');
    await expect(page.getByRole('alert')).toHaveText(t('en-US', 'report.commentGone'));
    await expect(page.locator('form')).toHaveCount(0);
  });

  test('the comment and the form are on the first screen before any script loads, the words as text (issue 18)', async ({ page, signIn, open }) => {
    const problems = watch(page);
    await signIn({ reportInfo: { commentId: '42', content: '<b>so</b> good', author: '<i>Mira</i>' } });
    await page.route(/\/_astro\/.+\.js(\?.*)?$/, (route) => route.abort());
    await open('/k-report');
    await expect(page.locator('.reported-title')).toHaveText('<b>so</b> good');
    await expect(page.locator('.reported-detail')).toHaveText(t('en-US', 'report.commentBy', { author: '<i>Mira</i>' }));
    await expect(page.locator('.reported b, .reported i')).toHaveCount(0);
    await expect(page.getByRole('radio', { name: t('en-US', 'report.spam') })).toBeDisabled();
    await expect(page.getByLabel(t('en-US', 'report.descriptionLabel'))).toBeDisabled();
    expect(problems.filter((p) => !/_astro/.test(p))).toEqual([]);
  });

  test('a host without a comment gives no form, and its words are never markup', async ({ page, signIn, open }) => {
    const problems = watch(page);
    await signIn({ reportInfo: { commentId: '<img src=x onerror=alert(1)>', content: '<b>x</b>' } });
    await open('/k-report');
    await expect(page.getByRole('alert')).toHaveText(t('en-US', 'report.noTarget'));
    expect(problems).toEqual([]);
  });
});

test.describe('report other content', () => {
  test('a song, in zh-CN dark: its name, its own reasons, sent', async ({ page, signIn, open }) => {
    await signIn();
    await open('/zh-CN/k-feedback', '&type=song&id=s03&dark=1&bgColor=171717');
    await expect(page.locator('.reported-title')).toHaveText('夜航船');
    await expect(page.getByRole('radio')).toHaveCount(6);
    await page.getByRole('radio', { name: t('zh-CN', 'report.infringement') }).check();
    await page.getByRole('button', { name: t('zh-CN', 'form.submit') }).click();
    await expect(page.locator('.report-sent h2')).toHaveText(t('zh-CN', 'report.sentTitle'));
  });

  test('a playlist is named in the language of the page (vi-VN)', async ({ page, signIn, open }) => {
    await signIn();
    await open('/vi-VN/k-feedback', '&type=playlist&id=p-daily');
    await expect(page.locator('.reported-title')).toHaveText('Tuyển tập mỗi ngày');
    await expect(page.locator('.reported-type')).toHaveText(t('vi-VN', 'report.typePlaylist'));
  });

  // A user is checked as a song is; one the server never saw is not offered a form.
  test('a user who does not exist is gone, with no form; one who does is reported by id', async ({ page, signIn, open }) => {
    await signIn();
    await open('/k-feedback', '&type=user&id=zzz-not-a-user');
    await expect(page.locator('.report-gone')).toHaveText(t('en-US', 'report.contentGone'));
    await expect(page.locator('form')).toHaveCount(0);
    await expect(page.getByText(t('en-US', 'report.userId', { id: 'zzz-not-a-user' }))).toHaveCount(0);

    await open('/k-feedback', '&type=user&id=20845');
    await expect(page.locator('.reported-detail')).toHaveText(t('en-US', 'report.userId', { id: '20845' }));
    await expect(page.getByRole('radio').first()).toBeEnabled();
  });

  test('an unknown type in the query is nothing to report', async ({ page, signIn, open }) => {
    await signIn();
    await open('/k-feedback', '&type=album&id=1');
    await expect(page.getByRole('alert')).toHaveText(t('en-US', 'report.noTarget'));
  });
});

test.describe('appeal', () => {
  const subject = async (page: Page, uid: string, kind: 'comment' | 'restriction' = 'comment') => {
    const reply = await page.request.post('/api/dev/moderation', { data: { uid, kind, content: 'My honest review of the album.' } });
    expect(reply.ok()).toBe(true);
    return (await reply.json()).data.subjectId as string;
  };
  const pictures = [
    { id: 'p1', name: 'one.png', size: 2048, mime: 'image/png', thumbnail: PIXEL },
    { id: 'p2', name: 'two.jpg', size: 2048, mime: 'image/jpeg', thumbnail: PIXEL },
    { id: 'p3', name: 'three.bmp', size: 2048, mime: 'image/bmp', thumbnail: 'https://tracker.example/t.png' },
    { id: 'p4', name: 'four.gif', size: 2048, mime: 'image/gif', thumbnail: PIXEL },
  ];

  test('with screenshots and a contact: checked, sent once, then its state', async ({ page, uid, signIn, open }) => {
    const problems = watch(page);
    await subject(page, uid);
    await signIn({ pictures });
    const posts = countPosts(page, '/api/appeal');
    await open('/k-appeal');
    await expect(page.getByRole('radio', { name: pattern(t('en-US', 'report.subjectComment')) })).toBeChecked();
    await page.getByRole('radio', { name: t('en-US', 'report.appealMisjudged') }).check();
    await page.getByLabel(t('en-US', 'report.appealDescriptionLabel')).fill('It was a review of the album, not an advert.');
    await page.getByRole('button', { name: t('en-US', 'form.addScreenshot') }).click();
    // The gif is refused with the rule; the rest are attached, the unsafe thumbnail shown by name.
    await expect(page.locator('.shots .form-error, .form-field .form-error').first()).toHaveText(t('en-US', 'form.screenshotType'));
    await expect(page.locator('.shot')).toHaveCount(3);
    await expect(page.locator('.shot img')).toHaveCount(2);
    await expect(page.locator('.shot-name')).toHaveText('three.bmp');
    expect(await hostCalls(page, 'acquirePicture')).toEqual([{ max: 5 }]);
    await page.getByRole('button', { name: t('en-US', 'form.removeScreenshot', { name: 'two.jpg' }) }).click();
    await expect(page.locator('.shot')).toHaveCount(2);

    await page.getByLabel(t('en-US', 'form.contact')).fill('12');
    await submit(page).click();
    await expect(page.locator('#appeal-contact-note')).toHaveText(t('en-US', 'error.phoneFormat'));
    await page.getByLabel(t('en-US', 'form.contact')).fill('me@example');
    await submit(page).click();
    await expect(page.locator('#appeal-contact-note')).toHaveText(t('en-US', 'error.emailFormat'));
    await page.getByLabel(t('en-US', 'form.contact')).fill('');
    await submit(page).click();
    await expect(page.locator('#appeal-contact-note')).toHaveText(t('en-US', 'error.contactEmpty'));
    await page.getByLabel(t('en-US', 'form.contact')).fill('call me');
    await submit(page).click();
    await expect(page.locator('#appeal-contact-note')).toHaveText(t('en-US', 'error.contactInvalid'));
    expect(posts.n).toBe(0);

    await page.getByLabel(t('en-US', 'form.contact')).fill('me@example.com');
    await submit(page).dblclick();
    await expect(page.getByRole('heading', { name: t('en-US', 'report.appealSentTitle') })).toBeVisible();
    await expect(page.locator('.appeal-state')).toHaveText(t('en-US', 'report.stateSubmitted'));
    await expect(page.locator('form')).toHaveCount(0);
    expect(posts.n).toBe(1);
    await page.reload();
    await expect(page.locator('.appeal-state')).toHaveText(t('en-US', 'report.stateSubmitted'));
    expect(problems).toEqual([]);
  });

  test('the draft, screenshots included, survives a reload', async ({ page, uid, signIn, open }) => {
    await subject(page, uid);
    await subject(page, uid, 'restriction');
    await signIn({ pictures: pictures.slice(0, 2) });
    await open('/k-appeal');
    await page.getByRole('radio', { name: pattern(t('en-US', 'report.subjectRestriction')) }).check();
    await page.getByRole('radio', { name: t('en-US', 'report.appealHacked') }).check();
    await page.getByLabel(t('en-US', 'report.appealDescriptionLabel')).fill('My brother used my phone that week.');
    await page.getByLabel(t('en-US', 'form.contact')).fill('+65 8123 4567');
    await page.getByRole('button', { name: t('en-US', 'form.addScreenshot') }).click();
    await expect(page.locator('.shot')).toHaveCount(2);
    await page.reload();
    await expect(page.getByRole('radio', { name: pattern(t('en-US', 'report.subjectRestriction')) })).toBeChecked();
    await expect(page.getByRole('radio', { name: t('en-US', 'report.appealHacked') })).toBeChecked();
    await expect(page.getByLabel(t('en-US', 'report.appealDescriptionLabel'))).toHaveValue('My brother used my phone that week.');
    await expect(page.getByLabel(t('en-US', 'form.contact'))).toHaveValue('+65 8123 4567');
    await expect(page.locator('.shot')).toHaveCount(2);
  });

  test('a decided appeal shows its decision, in th-TH dark', async ({ page, uid, signIn, open }) => {
    const subjectId = await subject(page, uid);
    await signIn();
    await open('/th-TH/k-appeal', '&dark=1&bgColor=000000');
    await page.getByRole('radio').nth(1).check();
    await page.locator('#appeal-text').fill('ความคิดเห็นนี้ไม่ได้ผิดกฎ');
    await page.locator('#appeal-contact').fill('me@example.com');
    await page.locator('.form-submit').click();
    await expect(page.locator('.appeal-state')).toHaveText(t('th-TH', 'report.stateSubmitted'));
    // The moderators uphold it; the page shows the decision when opened again.
    expect((await page.request.post('/api/dev/appeal', { data: { subjectId, state: 'upheld' } })).ok()).toBe(true);
    await page.reload();
    await expect(page.locator('.appeal-state')).toHaveText(t('th-TH', 'report.stateUpheld'));
  });

  test('nothing to appeal says so', async ({ page, signIn, open }) => {
    await signIn();
    await open('/k-appeal');
    await expect(page.locator('.report-gone')).toHaveText(t('en-US', 'report.nothingToAppeal'));
  });
});
