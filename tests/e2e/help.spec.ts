import type { Page } from '@playwright/test';
import { defaultState } from '../../server/fake-host/state';
import { expect, test } from '../fixtures/app';
import { hostCalls, watch, withHost } from '../fixtures/pages';
import { api } from '../fixtures/api';
import { feedbackBody } from '../fixtures/bodies';
import { pattern, t } from '../fixtures/text';

const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

// Each test a user of its own (the e2e database keeps earlier tests' feedback).
test.use({ hostDefaults: { replyDelayMs: 30 } });

const submit = (page: Page) => page.getByRole('button', { name: t('en-US', 'form.submit') });
const describe = (page: Page) => page.getByLabel(t('en-US', 'help.descriptionLabel'));

// Outside the app (an OPPO phone's browser: no app, no NativeBridge) the page once showed grey
// placeholders for ever and "Call … / E-mail …".
test('outside the app: the common questions by category and the contacts, with the link into the app', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/help-feedback?status_height=24');
  await expect(page.locator('.help-category')).toHaveCount(6);
  await expect(page.locator('.help-category summary').first()).toHaveText('Playback');
  await expect(page.getByRole('link', { name: 'Why does a song stop after 60 seconds?' })).toBeVisible();
  await expect(page.locator('main .skeleton:visible')).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('en-US', 'help.call', { number: '+65 3158 1234' }) })).toBeEnabled();
  await expect(page.getByRole('button', { name: t('en-US', 'help.email', { email: 'support@music.example.com' }) })).toBeEnabled();
  await expect(page.getByText('…')).toHaveCount(0);
  await expect(page.locator('.gate:visible').getByRole('link', { name: t('en-US', 'shell.openApp') })).toHaveAttribute(
    'href',
    /^oppomusic:\/\/web\/help-feedback\b/,
  );
  await expect(page.locator('main [data-useful]')).toHaveCount(1);

  // The answer is public too; "was this helpful?" needs an account.
  await page.getByRole('link', { name: 'Why does a song stop after 60 seconds?' }).click();
  await expect(page.locator('.answer')).toContainText('60-second trial');
  await expect(page.getByRole('button', { name: t('en-US', 'help.yes') })).toBeDisabled();
  await expect(page.locator('.gate:visible').getByRole('link', { name: t('en-US', 'shell.openApp') })).toBeVisible();
  expect(problems).toEqual([]);
});

test.describe('help centre', () => {
  test('questions by category, the unread dot, customer service, and back closes the page', async ({ page, open }) => {
    const problems = watch(page);
    await withHost(page, { ...defaultState(), replyDelayMs: 30 });
    await open('/help-feedback');
    await expect(page.locator('.help-category')).toHaveCount(6);
    await expect(page.locator('.help-category summary').first()).toHaveText('Playback');
    // The default user has one reply not yet read.
    await expect(page.getByRole('img', { name: t('en-US', 'help.newReply') })).toHaveText('1');
    await page.getByRole('button', { name: t('en-US', 'help.call', { number: '+65 3158 1234' }) }).click();
    await page.getByRole('button', { name: t('en-US', 'help.email', { email: 'support@music.example.com' }) }).click();
    expect(await hostCalls(page, 'launchDialing')).toEqual([{ phoneNumber: '+6531581234' }]);
    expect(await hostCalls(page, 'jumpEmail')).toEqual([{ email: 'support@music.example.com' }]);
    await page.locator('.bar-back').click();
    expect(await hostCalls(page, 'finishPage')).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  test('an answer with its title from the query, voted once, with related questions', async ({ page, signIn, open }) => {
    await signIn();
    const votes: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/api/help/vote' && votes.push(r.url()));
    await open('/help-feedback');
    await page.getByRole('link', { name: 'Why does a song stop after 60 seconds?' }).click();
    await expect(page.locator('#page-title')).toHaveText('Why does a song stop after 60 seconds?');
    await expect(page.locator('.answer')).toContainText('60-second trial');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/help/vote');
    await page.getByRole('button', { name: t('en-US', 'help.yes') }).dblclick();
    await expect(page.locator('.vote [role="status"]')).toHaveText(t('en-US', 'help.thanksHelpful'));
    await answered;
    await page.waitForTimeout(300);
    expect(votes).toHaveLength(1);
    await page.reload();
    await expect(page.getByRole('button', { name: t('en-US', 'help.yes') })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: t('en-US', 'help.no') })).toBeDisabled();
    await expect(page.locator('.help-list a').first()).toBeVisible();
  });

  test('a title in the query is text, never markup', async ({ page, signIn, open }) => {
    const problems = watch(page);
    await signIn();
    await open('/q-and-a', `&id=lyrics-none&title=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    await expect(page.locator('#page-title')).toHaveText('<img src=x onerror=alert(1)>');
    await expect(page.locator('.answer h2')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('/detail-questions without an id lists the playback questions; an unknown id is "No content yet"', async ({ page, signIn, open }) => {
    await signIn();
    await open('/detail-questions');
    await expect(page.locator('.help-list li')).toHaveCount(4);
    await open('/q-and-a', '&id=no-such-question');
    await expect(page.locator('.empty')).toHaveText(t('en-US', 'error.noContent'));
  });

  test('/automatic-lyrics is linked where a user looks: the lyrics category, the lyrics answer and a search (vi-VN, dark)', async ({ page, signIn, open }) => {
    await signIn();
    const guide = t('vi-VN', 'help.autoLyricsGuide');
    await open('/vi-VN/help-feedback', '&dark=1&bgColor=171717');
    await page.locator('.help-category summary', { hasText: 'Lời bài hát' }).click();
    await page.getByRole('link', { name: guide }).click();
    await expect(page).toHaveURL(/\/vi-VN\/automatic-lyrics\?status_height=24&dark=1&bgColor=171717$/);
    await expect(page.locator('h1')).toHaveText(t('vi-VN', 'title.automatic-lyrics'));

    await open('/vi-VN/q-and-a', '&id=lyrics-auto-match&dark=1&bgColor=171717');
    await expect(page.locator('.answer').getByRole('link', { name: guide })).toHaveAttribute('href', /\/vi-VN\/automatic-lyrics/);

    await open('/vi-VN/search-keyword', '&dark=1&bgColor=171717');
    await page.getByRole('searchbox').fill('lời bài hát');
    await expect(page.locator('.help-list').getByRole('link', { name: guide })).toBeVisible();
  });

  test('search forgives: vi-VN without accents finds what it finds with them, thành viên finds hội viên', async ({ page, signIn, open }) => {
    await signIn();
    await open('/vi-VN/search-keyword');
    const box = page.getByRole('searchbox');
    const results = page.locator('.help-list a');
    // Each query from an empty field, so the list shown is the answer to it, not to the one before.
    const search = async (query: string) => {
      await box.fill('');
      await expect(results).toHaveCount(0);
      await box.fill(query);
    };
    await search('lời bài hát');
    await expect(results.first()).toBeVisible();
    const accented = await results.allTextContents();
    expect(accented.length).toBeGreaterThanOrEqual(3);
    await search('loi bai hat');
    await expect(results).toHaveText(accented);
    // What matched is marked although typed without accents.
    await expect(page.locator('.help-list mark').first()).toHaveText(/^lời$/i);
    await search('hội viên');
    await expect(results.first()).toBeVisible();
    const members = await results.allTextContents();
    await search('thành viên');
    await expect(results).toHaveText(members);
  });

  for (const [locale, query, question] of [
    ['zh-CN', '退款', '购买的会员可以退款吗？'],
    ['en-US', 'refund', 'Can I get a refund for a membership I bought?'],
    ['th-TH', 'คืนเงิน', 'ขอคืนเงินค่าสมาชิกที่ซื้อไปแล้วได้หรือไม่'],
  ] as const) {
    test(`"${query}" in ${locale} finds the refund questions, and one answers`, async ({ page, signIn, open }) => {
      await signIn();
      await open(`/${locale}/search-keyword`);
      await page.getByRole('searchbox').fill(query);
      await expect(page.locator('.help-list a').first()).toBeVisible();
      await expect(page.locator('.empty')).toHaveCount(0);
      await page.locator('.help-list').getByRole('link', { name: question }).click();
      await expect(page.locator('#page-title')).toHaveText(question);
      await expect(page.locator('.answer')).toContainText(query);
    });
  }

  test('search as you type, in zh-CN dark: matches marked, recent searches kept and cleared, nothing found', async ({ page, signIn, open }) => {
    await signIn();
    await open('/zh-CN/search-keyword', '&dark=1&bgColor=171717');
    const box = page.getByRole('searchbox');
    await box.fill('歌词');
    await expect(page.locator('.help-list li').first()).toBeVisible();
    await expect(page.locator('.help-list mark').first()).toHaveText('歌词');
    await box.press('Enter');
    await box.fill('qwertyzzz');
    await expect(page.locator('.empty')).toHaveText(t('zh-CN', 'error.noContent'));
    await box.fill('');
    await expect(page.locator('.chip')).toHaveText(['歌词']);
    await page.reload();
    await expect(page.locator('.chip')).toHaveText(['歌词']);
    await page.getByRole('button', { name: t('zh-CN', 'help.clearRecent') }).click();
    await expect(page.locator('.chip')).toHaveCount(0);
  });
});

test.describe('feedback form', () => {
  test('each rule has its message, and nothing typed is lost', async ({ page, signIn, open }) => {
    await signIn();
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/feedback' && posts.push(r.url()));
    await open('/zh-CN/feedback');
    await page.getByRole('button', { name: t('zh-CN', 'form.submit') }).click();
    await expect(page.locator('fieldset .form-error')).toHaveText(t('zh-CN', 'form.typeRequired'));
    await expect(page.locator('#feedback-text-error')).toHaveText(t('zh-CN', 'form.descriptionRequired'));
    await expect(page.locator('#feedback-contact-note')).toHaveText(t('zh-CN', 'error.contactEmpty'));
    expect(posts).toHaveLength(0);
    await page.goto(page.url().replace('/zh-CN/', '/'));
    await page.getByRole('radio', { name: 'Interface' }).check();
    await describe(page).fill('x'.repeat(400));
    await expect(page.locator('#feedback-text-error')).toHaveText(t('en-US', 'error.tooLong'));
    await describe(page).fill('The play button is hidden behind the mini player.');
    for (const [contact, message] of [
      ['me@example', t('en-US', 'error.emailFormat')],
      ['12345', t('en-US', 'error.phoneFormat')],
      ['call me maybe', t('en-US', 'error.contactInvalid')],
    ]) {
      await page.getByLabel(t('en-US', 'form.contact')).fill(contact!);
      await submit(page).click();
      await expect(page.locator('#feedback-contact-note')).toHaveText(message!);
    }
    await page.getByLabel(t('en-US', 'form.contact')).fill('me@example.com');
    await page.getByLabel(t('en-US', 'help.phoneLabel')).fill('me@example.com');
    await submit(page).click();
    await expect(page.locator('#feedback-phone-note')).toHaveText(t('en-US', 'error.phoneFormat'));
    expect(posts).toHaveLength(0);
    await expect(describe(page)).toHaveValue('The play button is hidden behind the mini player.');
  });

  test('an important question needs a phone number in zh-CN, and stays optional in en-US', async ({ page, signIn, open }) => {
    await signIn();
    await open('/zh-CN/feedback');
    await page.getByRole('checkbox', { name: pattern(t('zh-CN', 'help.important')) }).check();
    await page.getByRole('button', { name: t('zh-CN', 'form.submit') }).click();
    await expect(page.locator('#feedback-phone-note')).toHaveText(t('zh-CN', 'form.phoneRequired'));
    await open('/feedback');
    await page.getByRole('checkbox', { name: pattern(t('en-US', 'help.important')) }).check();
    await expect(page.locator('label[for="feedback-phone"]')).toContainText(t('en-US', 'form.optional'));
  });

  test('uploads: progress and cancel, failure and retry, a 201 MB file refused', async ({ page, signIn, open }) => {
    await signIn({ uploadOutcome: 'slow', slowStepMs: 300 });
    await open('/feedback');
    await page.getByRole('button', { name: `+ ${t('en-US', 'help.addVideo')}` }).click();
    await expect(page.locator('.upload progress')).toBeVisible();
    await expect(page.locator('.upload .form-hint').first()).toHaveText(pattern(t('en-US', 'help.uploading'), { progress: /\d+/ }));
    // Sending now waits for the upload.
    await page.getByRole('radio', { name: 'Other' }).check();
    await describe(page).fill('Testing uploads.');
    await page.getByLabel(t('en-US', 'form.contact')).fill('me@example.com');
    await submit(page).click();
    await expect(page.locator('.form-field .form-error').filter({ hasText: t('en-US', 'form.uploadUnfinished') })).toBeVisible();
    await page.getByRole('button', { name: t('en-US', 'help.cancelUpload'), exact: true }).click();
    await expect(page.locator('.upload .form-hint')).toHaveText(t('en-US', 'help.cancelled'));
    expect((await hostCalls(page, 'cancelUploadFile')).length).toBe(1);
    await page.getByRole('button', { name: t('en-US', 'help.removeFile', { name: 'clip.mp4' }) }).click();

    await page.evaluate(() => (window as any).__fakeHost.setState({ uploadOutcome: 'failed' }));
    await page.getByRole('button', { name: `+ ${t('en-US', 'help.addPicture')}` }).click();
    await expect(page.locator('.upload [role="alert"]')).toHaveText(t('en-US', 'error.uploadFailed'));
    await page.evaluate(() => (window as any).__fakeHost.setState({ uploadOutcome: 'done' }));
    await page.getByRole('button', { name: t('en-US', 'help.retryUpload') }).click();
    await expect(page.locator('.upload .form-hint')).toHaveText(t('en-US', 'help.uploaded'));
    await expect(page.locator('.upload')).toHaveCount(1);

    await page.evaluate(() => (window as any).__fakeHost.setState({ file: { name: 'huge.mp4', size: 201 * 1024 * 1024, mime: 'video/mp4' } }));
    await page.getByRole('button', { name: `+ ${t('en-US', 'help.addVideo')}` }).click();
    await expect(page.locator('.upload [role="alert"]')).toHaveText(t('en-US', 'error.fileTooLarge'));
    expect((await hostCalls(page, 'cancelUploadFile')).length).toBe(2);
  });

  test('a sixth screenshot is refused, even from a host that ignores the limit', async ({ page, signIn, open }) => {
    const shot = (n: number) => ({ id: `p${n}`, name: `s${n}.png`, size: 10, mime: 'image/png', thumbnail: PIXEL });
    await signIn({ pictures: [1, 2, 3].map(shot) });
    await open('/feedback');
    await page.getByRole('button', { name: t('en-US', 'form.addScreenshot') }).click();
    await expect(page.locator('.shot')).toHaveCount(3);
    // The picker is asked for the room left; this host answers with three anyway.
    await page.evaluate(() => (window as any).__fakeHost.setState({ replyDelayMs: 10_000 }));
    await page.getByRole('button', { name: t('en-US', 'form.addScreenshot') }).click();
    await page.evaluate((extra) => (window as any).__fakeHost.emit('acquirePictureCallback', extra), [4, 5, 6].map(shot));
    await expect(page.locator('.shot')).toHaveCount(5);
    await expect(page.getByText(t('en-US', 'form.screenshotMax'))).toBeVisible();
    await expect(page.getByRole('button', { name: t('en-US', 'form.addScreenshot') })).toHaveCount(0);
    expect(await hostCalls(page, 'acquirePicture')).toEqual([{ max: 5 }, { max: 2 }]);
  });

  test('the draft, screenshots and finished uploads included, survives a reload', async ({ page, signIn, open }) => {
    await signIn();
    await open('/feedback');
    await page.getByRole('radio', { name: 'Music content' }).check();
    await describe(page).fill('Lyrics of Harbour Lights are missing.');
    await page.getByLabel(t('en-US', 'form.contact')).fill('+65 8123 4567');
    await page.getByRole('checkbox', { name: pattern(t('en-US', 'help.important')) }).check();
    await page.getByRole('button', { name: t('en-US', 'form.addScreenshot') }).click();
    await page.getByRole('button', { name: `+ ${t('en-US', 'help.addVideo')}` }).click();
    await expect(page.locator('.upload .form-hint')).toHaveText(t('en-US', 'help.uploaded'));
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Music content' })).toBeChecked();
    await expect(describe(page)).toHaveValue('Lyrics of Harbour Lights are missing.');
    await expect(page.getByLabel(t('en-US', 'form.contact'))).toHaveValue('+65 8123 4567');
    await expect(page.getByRole('checkbox', { name: pattern(t('en-US', 'help.important')) })).toBeChecked();
    await expect(page.locator('.shot')).toHaveCount(1);
    await expect(page.locator('.upload .form-hint')).toHaveText(t('en-US', 'help.uploaded'));
  });

  test('sent once with logs, then listed in My feedback and shown whole, with a follow-up', async ({ page, signIn, open }) => {
    await signIn();
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/feedback' && posts.push(r.url()));
    await open('/feedback');
    await page.getByRole('radio', { name: 'User experience' }).check();
    await describe(page).fill('Downloads pause when the screen locks.');
    await page.getByLabel(t('en-US', 'form.contact')).fill('me@example.com');
    await page.getByRole('checkbox', { name: pattern(t('en-US', 'help.log')) }).check();
    await expect(page.getByText(t('en-US', 'help.logDone'))).toBeVisible();
    await submit(page).dblclick();
    await expect(page.getByRole('heading', { name: t('en-US', 'help.sentTitle') })).toBeVisible();
    expect(posts).toHaveLength(1);
    await page.getByRole('link', { name: t('en-US', 'help.viewFeedback') }).click();
    await expect(page.locator('.feedback-item').first()).toContainText('Downloads pause when the screen locks.');
    await expect(page.locator('.feedback-state').first()).toHaveText(t('en-US', 'help.stateSubmitted'));
    await page.locator('a.feedback-item').first().click();
    await expect(page.locator('.answer')).toContainText(t('en-US', 'help.logAttached'));
    await expect(page.locator('.thread')).toContainText(t('en-US', 'help.waiting'));
    await page.getByLabel(t('en-US', 'help.followUpLabel')).fill('It happens on Wi-Fi too.');
    await page.getByRole('button', { name: t('en-US', 'help.send') }).click();
    await expect(page.locator('.bubble.from-user')).toContainText('It happens on Wi-Fi too.');
    await expect(page.locator('.feedback-state')).toHaveText(t('en-US', 'help.stateInProgress'));
  });

  test('after three today, a verification code is asked for: a wrong one is refused', async ({ page, uid, signIn, open }) => {
    for (let i = 0; i < 3; i++)
      expect(
        (await api(page, uid, '/api/feedback', feedbackBody({ type: 'other', description: 'Earlier feedback.', attempt: `e2e-earlier-${uid}-${i}` }))).code,
      ).toBe(0);
    await signIn();
    await open('/feedback');
    await expect(page.getByLabel(t('en-US', 'help.codeLabel'))).toBeVisible();
    await page.getByRole('radio', { name: 'Other' }).check();
    await describe(page).fill('A fourth one today.');
    // The user's own address: the server sends one address a code a minute and five a day, whoever asks.
    await page.getByLabel(t('en-US', 'form.contact')).fill(`${uid}@example.com`);
    await submit(page).click();
    await expect(page.locator('#feedback-code-note')).toHaveText(t('en-US', 'error.codeRequired'));
    await page.getByRole('button', { name: t('en-US', 'help.sendCode') }).click();
    await expect(page.getByRole('button', { name: pattern(t('en-US', 'help.resendIn'), { seconds: /\d+/ }) })).toBeDisabled();
    const { data } = await (await page.request.post('/api/dev/feedback-code', { data: { uid } })).json();
    await page.getByLabel(t('en-US', 'help.codeLabel')).fill(data.code === '000000' ? '111111' : '000000');
    await submit(page).click();
    await expect(page.locator('#feedback-code-note')).toHaveText(t('en-US', 'error.codeError'));
    await expect(describe(page)).toHaveValue('A fourth one today.');
    await page.getByLabel(t('en-US', 'help.codeLabel')).fill(data.code);
    await submit(page).click();
    await expect(page.getByRole('heading', { name: t('en-US', 'help.sentTitle') })).toBeVisible();
  });

  test('/feedback2 from the player, in th-TH dark: the type preselected, the song attached', async ({ page, signIn, open }) => {
    await signIn({ player: { playing: true, resourceId: 's04' } });
    await open('/th-TH/feedback2', '&type=interface&dark=1&bgColor=000000');
    await expect(page.getByRole('radio').nth(2)).toBeChecked();
    await expect(page.locator('.check').last().locator('input')).toBeChecked();
    // The box says which song goes with the feedback.
    await expect(page.locator('.check').last()).toHaveText(t('th-TH', 'help.songNamed', { name: 'Saigon Rain', artist: 'Linh Nguyen' }));
    await page.locator('#feedback-text').fill('ปุ่มเล่นหายไป');
    await page.locator('#feedback-contact').fill('me@example.com');
    await page.locator('.form-submit').click();
    await expect(page.locator('.report-sent h2')).toBeVisible();
    await page.locator('.report-sent a').click();
    await page.locator('a.feedback-item').first().click();
    await expect(page.locator('.answer')).toContainText('Saigon Rain');
  });

  test('My feedback: "No data" for a new user, with the way to give feedback, and the title from data1', async ({ page, signIn, open }) => {
    await signIn();
    await open('/my-feedback1', '&data1=1');
    await expect(page.locator('.empty p')).toHaveText(t('en-US', 'error.noData'));
    await expect(page.locator('#page-title')).toHaveText(t('en-US', 'layout.myFeedback'));
    await page
      .locator('.empty')
      .getByRole('link', { name: t('en-US', 'help.writeFeedback') })
      .click();
    await expect(page).toHaveURL(/\/feedback\?status_height=24$/);
    await expect(page.getByLabel(t('en-US', 'help.descriptionLabel'))).toBeVisible();
  });

  test("the demo account's threads read in the page's language (th-TH)", async ({ page, signIn, open }) => {
    // The demo account (DEMO_UID); its answered thread is left unread for the other tests.
    await signIn({}, '10001');
    await open('/th-TH/my-feedback');
    await expect(page.locator('a.feedback-item')).toContainText([
      'ช่องค้นหาถูกแป้นพิมพ์บังเมื่อใช้งานในแนวนอน',
      'การดาวน์โหลดหยุดเมื่อหน้าจอดับ',
      'เนื้อเพลง Saigon Rain ช้าไปประมาณสองวินาทีในท่อนที่สอง',
    ]);
    await page.locator('a.feedback-item').nth(1).click();
    await expect(page.locator('.answer')).toContainText('การดาวน์โหลดหยุดเมื่อหน้าจอดับ');
    await expect(page.getByText('เรากำลังตรวจสอบปัญหานี้ คุณใช้โทรศัพท์รุ่นใดและ Android เวอร์ชันใด')).toBeVisible();
  });

  test('/my-feedback in th-TH: "No data" offers feedback too', async ({ page, signIn, open }) => {
    await signIn();
    await open('/th-TH/my-feedback');
    await expect(page.locator('.empty').getByRole('link')).toHaveAttribute('href', '/th-TH/feedback?status_height=24');
  });
});

// Done on "Feedback sent" leaves the way the user came, closing the WebView only when the app opened
// the form.
test.describe('done with feedback', () => {
  const send = async (page: Page) => {
    await page.getByRole('radio', { name: 'Other' }).check();
    await describe(page).fill('Done should take me back.');
    await page.getByLabel(t('en-US', 'form.contact')).fill('me@example.com');
    await submit(page).click();
    await expect(page.getByRole('heading', { name: t('en-US', 'help.sentTitle') })).toBeVisible();
  };

  test('opened by the app on its own: Done closes the WebView with exit', async ({ page, signIn, open }) => {
    await signIn();
    await open('/feedback');
    await send(page);
    await page.getByRole('button', { name: t('en-US', 'help.done') }).click();
    await expect.poll(() => hostCalls(page, 'exit')).toHaveLength(1);
    expect(await hostCalls(page, 'finishPage')).toHaveLength(0);
    expect(new URL(page.url()).pathname).toBe('/feedback');
  });

  test('an app without exit: Done closes the WebView with finishPage', async ({ page, signIn, open }) => {
    await signIn({ missing: ['exit'] });
    await open('/feedback');
    await send(page);
    await page.getByRole('button', { name: t('en-US', 'help.done') }).click();
    await expect.poll(() => hostCalls(page, 'finishPage')).toHaveLength(1);
  });

  test('from the help centre: Done goes back to it, and the WebView stays', async ({ page, signIn, open }) => {
    await signIn();
    await open('/help-feedback');
    await page.getByRole('link', { name: t('en-US', 'help.writeFeedback') }).click();
    await expect(page).toHaveURL(/\/feedback\?/);
    await send(page);
    await page.getByRole('button', { name: t('en-US', 'help.done') }).click();
    await expect(page).toHaveURL(/\/help-feedback\?/);
    expect(await hostCalls(page, 'exit')).toHaveLength(0);
    expect(await hostCalls(page, 'finishPage')).toHaveLength(0);
  });
});
