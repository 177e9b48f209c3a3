/**
 * What the forms do alike: files the rules refuse take no attachment place, a sent form
 * starts without the last one's notices, and the submit button stays reachable above a keyboard
 * that does not resize the WebView.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/app';
import { pattern, t } from '../fixtures/text';

const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const MB = 1024 * 1024;

test.use({ hostDefaults: { replyDelayMs: 30 } });

const pick = (page: Page, file: { name: string; size: number; mime: string }) => page.evaluate((f) => (window as any).__fakeHost.setState({ file: f }), file);

test.describe('refused attachments', () => {
  test('a 201 MB video and a PDF are listed with their reason but take no place of the three; the form still sends', async ({ page, signIn, open }) => {
    await signIn();
    await open('/feedback');
    const count = page.locator('#uploads-label .form-optional');
    // One picker at a time, as on a phone: a file the host answers while another picker is still open
    // belongs to the first (src/lib/forms/uploads.ts), so each next one is picked once the last is listed.
    await page.getByRole('button', { name: `+ ${t('en-US', 'help.addVideo')}` }).click();
    await expect(page.locator('.upload')).toHaveCount(1);
    await page.getByRole('button', { name: `+ ${t('en-US', 'help.addVideo')}` }).click();
    await expect(page.locator('.upload .form-hint')).toHaveText([t('en-US', 'help.uploaded'), t('en-US', 'help.uploaded')]);
    await expect(count).toHaveText('· 2/3');

    await pick(page, { name: 'huge.mp4', size: 201 * MB, mime: 'video/mp4' });
    await page.getByRole('button', { name: `+ ${t('en-US', 'help.addVideo')}` }).click();
    await expect(page.locator('.upload.is-tooLarge [role="alert"]')).toHaveText(t('en-US', 'error.fileTooLarge'));
    await pick(page, { name: 'manual.pdf', size: MB, mime: 'application/pdf' });
    await page.getByRole('button', { name: `+ ${t('en-US', 'help.addPicture')}` }).click();
    await expect(page.locator('.upload.is-wrongType')).toContainText('manual.pdf');
    // Refused, so still two of three, and the user can add the file they meant.
    await expect(count).toHaveText('· 2/3');
    await pick(page, { name: 'small.mp4', size: 3 * MB, mime: 'video/mp4' });
    await page.getByRole('button', { name: `+ ${t('en-US', 'help.addVideo')}` }).click();
    await expect(count).toHaveText('· 3/3');
    await expect(page.getByRole('button', { name: `+ ${t('en-US', 'help.addVideo')}` })).toHaveCount(0);
    // Removing a refused file changes nothing; removing an accepted one frees its place.
    await page.getByRole('button', { name: t('en-US', 'help.removeFile', { name: 'huge.mp4' }) }).click();
    await expect(count).toHaveText('· 3/3');
    await page.getByRole('button', { name: t('en-US', 'help.removeFile', { name: 'small.mp4' }) }).click();
    await expect(count).toHaveText('· 2/3');
    await expect(page.getByRole('button', { name: `+ ${t('en-US', 'help.addVideo')}` })).toBeVisible();

    await page.getByRole('radio', { name: 'Other' }).check();
    await page.getByLabel(t('en-US', 'help.descriptionLabel')).fill('A refused file stays listed but is not sent.');
    await page.getByLabel(t('en-US', 'form.contact')).fill('me@example.com');
    await page.getByRole('button', { name: t('en-US', 'form.submit') }).click();
    await expect(page.getByRole('heading', { name: t('en-US', 'help.sentTitle') })).toBeVisible();
  });

  test("sizes are scaled and in the locale's words, and a file refused for size offers only its removal (fil-PH, dark; en-US)", async ({
    page,
    signIn,
    open,
  }) => {
    await signIn();
    await open('/fil-PH/feedback', '&dark=1&bgColor=171717');
    const add = page.locator('.upload-add .chip');
    await pick(page, { name: 'tala.m4a', size: 1000, mime: 'audio/mp4' });
    await add.nth(1).click();
    // One picker at a time (above): the next once this one is listed.
    await expect(page.locator('.upload-size')).toHaveText(['1 kB']);
    await pick(page, { name: 'malaki.mp4', size: 201 * MB, mime: 'video/mp4' });
    await add.nth(2).click();
    await expect(page.locator('.upload-size')).toHaveText(['1 kB', '201 MB']);
    const refused = page.locator('.upload.is-tooLarge');
    await expect(refused.locator('[role="alert"]')).toBeVisible();
    // Removal (×) and nothing else: "Try again" could only be refused again.
    await expect(refused.getByRole('button')).toHaveCount(1);
    await expect(refused.getByRole('button')).toHaveText('×');

    await open('/feedback');
    await pick(page, { name: 'note.m4a', size: 512, mime: 'audio/mp4' });
    await page.getByRole('button', { name: `+ ${t('en-US', 'help.addAudio')}` }).click();
    await expect(page.locator('.upload', { hasText: 'note.m4a' }).locator('.upload-size')).toHaveText('512 bytes');
  });

  test('an appeal sent with a refused picture: the next, fresh form has no stale "Only jpg, png or bmp"', async ({ page, uid, signIn, open }) => {
    for (const kind of ['comment', 'restriction']) {
      expect((await page.request.post('/api/dev/moderation', { data: { uid, kind, content: 'A review.' } })).ok()).toBe(true);
    }
    await signIn({
      pictures: [
        { id: 'p1', name: 'one.png', size: 2048, mime: 'image/png', thumbnail: PIXEL },
        { id: 'p2', name: 'four.gif', size: 2048, mime: 'image/gif', thumbnail: PIXEL },
      ],
    });
    await open('/k-appeal');
    await page.getByRole('radio', { name: pattern(t('en-US', 'report.subjectComment')) }).check();
    await page.getByRole('radio', { name: t('en-US', 'report.appealMisjudged') }).check();
    await page.getByLabel(t('en-US', 'report.appealDescriptionLabel')).fill('It was a review, not an advert.');
    await page.getByLabel(t('en-US', 'form.contact')).fill('me@example.com');
    await page.getByRole('button', { name: t('en-US', 'form.addScreenshot') }).click();
    await expect(page.getByText(t('en-US', 'form.screenshotType'))).toBeVisible();
    await page.getByRole('button', { name: t('en-US', 'form.submit') }).click();
    await expect(page.getByRole('heading', { name: t('en-US', 'report.appealSentTitle') })).toBeVisible();
    // The restriction is still open: its form is empty, and says nothing about pictures it never had.
    await expect(page.getByRole('radio', { name: pattern(t('en-US', 'report.subjectRestriction')) })).toBeVisible();
    await expect(page.getByLabel(t('en-US', 'report.appealDescriptionLabel'))).toHaveValue('');
    await expect(page.locator('.shot')).toHaveCount(0);
    await expect(page.getByText(t('en-US', 'form.screenshotType'))).toHaveCount(0);
  });
});

// An adjustNothing WebView: the keyboard covers the window's lower part and nothing in the page
// shrinks; only the host's hasKeyboard says it is up. Playwright's window stays 780 px tall, as such
// a WebView does: what lies below 780 - 351 (45 %) is under the keyboard.
test.describe('the submit button above a keyboard that does not resize the page', () => {
  const KEYBOARD_TOP = 780 - 351;
  const keyboard = (page: Page, up: boolean) => page.evaluate((hasKeyboard) => (window as any).__fakeHost.setState({ hasKeyboard }), up);
  const toBottom = (page: Page) => page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  /** The submit button lies wholly in the part of the window the keyboard leaves. */
  const aboveKeyboard = async (page: Page) => {
    const box = (await page.locator('.form-submit').boundingBox())!;
    return box.y >= 0 && box.y + box.height <= KEYBOARD_TOP;
  };

  test('feedback: with the keyboard up, the field typed in and, scrolled down, the submit button sit above it; down again, the room goes', async ({
    page,
    signIn,
    open,
  }) => {
    await signIn({ hasKeyboard: false });
    await open('/feedback');
    const contact = page.getByLabel(t('en-US', 'form.contact'));
    await contact.focus();
    // No keyboard, no change: the page ends where it did.
    await toBottom(page);
    await expect(page.locator('form.feedback')).toHaveCSS('padding-bottom', '0px');

    await keyboard(page, true);
    await page.getByLabel(t('en-US', 'help.descriptionLabel')).focus();
    await contact.focus();
    await expect(page.locator('form.feedback')).toHaveCSS('padding-bottom', '351px');
    const field = (await contact.boundingBox())!;
    expect(field.y + field.height).toBeLessThanOrEqual(KEYBOARD_TOP);
    await contact.pressSequentially('me@example.com');
    await toBottom(page);
    await expect.poll(() => aboveKeyboard(page)).toBe(true);

    // The keyboard goes down while the field keeps focus (the back key): so does the room.
    await keyboard(page, false);
    await expect(page.locator('form.feedback')).toHaveCSS('padding-bottom', '0px');
  });

  test('report, appeal and personal-data forms: the submit button can be brought above the keyboard', async ({ page, uid, signIn, open }) => {
    expect((await page.request.post('/api/dev/moderation', { data: { uid, kind: 'comment', content: 'A review.' } })).ok()).toBe(true);
    await signIn({ hasKeyboard: true });
    for (const [path, field] of [
      ['/k-report', t('en-US', 'report.descriptionLabel')],
      ['/k-appeal', t('en-US', 'form.contact')],
      ['/private.html', t('en-US', 'personal.passwordAgain')],
    ] as const) {
      await open(path);
      // A form's first screen is drawn disabled until its code and data arrive, so no tap is lost.
      await expect(page.getByLabel(field)).toBeEnabled();
      await page.getByLabel(field).focus();
      await expect(page.locator('form')).toHaveCSS('padding-bottom', '351px');
      await toBottom(page);
      await expect.poll(() => aboveKeyboard(page), { message: path }).toBe(true);
    }
  });
});
