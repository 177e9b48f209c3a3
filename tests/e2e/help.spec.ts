import type { Page } from '@playwright/test';
import { defaultState } from '../../server/fake-host/state';
import { expect, test } from '../fixtures/app';
import { hostCalls, watch, withHost } from '../fixtures/pages';
import { api } from '../fixtures/api';
import { feedbackBody } from '../fixtures/bodies';
import { messages } from '../fixtures/sweep';

const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

// Each test a user of its own (the e2e database keeps earlier tests' feedback).
test.use({ hostDefaults: { replyDelayMs: 30 } });

const submit = (page: Page) => page.getByRole('button', { name: 'Submit' });
const describe = (page: Page) => page.getByLabel('Describe the problem');

test.describe('help centre', () => {
  test('questions by category, the unread dot, customer service, and back closes the page', async ({ page, open }) => {
    const problems = watch(page);
    await withHost(page, { ...defaultState(), replyDelayMs: 30 });
    await open('/help-feedback');
    await expect(page.locator('.help-category')).toHaveCount(6);
    await expect(page.locator('.help-category summary').first()).toHaveText('Playback');
    // The default user has one reply not yet read.
    await expect(page.getByRole('img', { name: 'New reply' })).toHaveText('1');
    await page.getByRole('button', { name: 'Call +65 3158 1234' }).click();
    await page.getByRole('button', { name: 'E-mail support@music.example.com' }).click();
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
    await page.getByRole('button', { name: 'Yes' }).dblclick();
    await expect(page.locator('.vote [role="status"]')).toHaveText('Thanks for letting us know.');
    await answered;
    await page.waitForTimeout(300);
    expect(votes).toHaveLength(1);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'No' })).toBeDisabled();
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
    await expect(page.locator('.empty')).toHaveText('No content yet');
  });

  test('/automatic-lyrics is linked where a user looks: the lyrics category, the lyrics answer and a search (vi-VN, dark)', async ({ page, signIn, open }) => {
    await signIn();
    const guide = messages('vi-VN').get('help.autoLyricsGuide')!;
    await open('/vi-VN/help-feedback', '&dark=1&bgColor=171717');
    await page.locator('.help-category summary', { hasText: 'Lời bài hát' }).click();
    await page.getByRole('link', { name: guide }).click();
    await expect(page).toHaveURL(/\/vi-VN\/automatic-lyrics\?status_height=24&dark=1&bgColor=171717$/);
    await expect(page.locator('h1')).toHaveText(messages('vi-VN').get('title.automatic-lyrics')!);

    await open('/vi-VN/q-and-a', '&id=lyrics-auto-match&dark=1&bgColor=171717');
    await expect(page.locator('.answer').getByRole('link', { name: guide })).toHaveAttribute('href', /\/vi-VN\/automatic-lyrics/);

    await open('/vi-VN/search-keyword', '&dark=1&bgColor=171717');
    await page.getByRole('searchbox').fill('lời bài hát');
    await expect(page.locator('.help-list').getByRole('link', { name: guide })).toBeVisible();
  });

  test('search as you type, in zh-CN dark: matches marked, recent searches kept and cleared, nothing found', async ({ page, signIn, open }) => {
    await signIn();
    await open('/zh-CN/search-keyword', '&dark=1&bgColor=171717');
    const box = page.getByRole('searchbox');
    await box.fill('歌词');
    await expect(page.locator('.help-list li').first()).toBeVisible();
    await expect(page.locator('.help-list mark').first()).toHaveText('歌词');
    await box.press('Enter');
    await box.fill('qwertyzzz');
    await expect(page.locator('.empty')).toHaveText('暂无内容');
    await box.fill('');
    await expect(page.locator('.chip')).toHaveText(['歌词']);
    await page.reload();
    await expect(page.locator('.chip')).toHaveText(['歌词']);
    await page.getByRole('button', { name: '清空' }).click();
    await expect(page.locator('.chip')).toHaveCount(0);
  });
});

test.describe('feedback form', () => {
  test('each rule has its message, and nothing typed is lost', async ({ page, signIn, open }) => {
    await signIn();
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/feedback' && posts.push(r.url()));
    await open('/zh-CN/feedback');
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page.locator('fieldset .form-error')).toHaveText('请选择反馈类型。');
    await expect(page.locator('#feedback-text-error')).toHaveText('请描述您遇到的问题。');
    await expect(page.locator('#feedback-contact-note')).toHaveText('联系方式不能为空');
    expect(posts).toHaveLength(0);
    await page.goto(page.url().replace('/zh-CN/', '/'));
    await page.getByRole('radio', { name: 'Interface' }).check();
    await describe(page).fill('x'.repeat(400));
    await expect(page.locator('#feedback-text-error')).toHaveText('Too many words, exceeds limit');
    await describe(page).fill('The play button is hidden behind the mini player.');
    for (const [contact, message] of [
      ['me@example', 'E-mail format error'],
      ['12345', 'Phone format error'],
      ['call me maybe', 'Please enter the correct mobile phone number or email number'],
    ]) {
      await page.getByLabel('Contact').fill(contact!);
      await submit(page).click();
      await expect(page.locator('#feedback-contact-note')).toHaveText(message!);
    }
    await page.getByLabel('Contact').fill('me@example.com');
    await page.getByLabel('Phone number').fill('me@example.com');
    await submit(page).click();
    await expect(page.locator('#feedback-phone-note')).toHaveText('Phone format error');
    expect(posts).toHaveLength(0);
    await expect(describe(page)).toHaveValue('The play button is hidden behind the mini player.');
  });

  test('an important question needs a phone number in zh-CN, and stays optional in en-US', async ({ page, signIn, open }) => {
    await signIn();
    await open('/zh-CN/feedback');
    await page.getByRole('checkbox', { name: /重要/ }).check();
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page.locator('#feedback-phone-note')).toHaveText(/手机号/);
    await open('/feedback');
    await page.getByRole('checkbox', { name: /important/ }).check();
    await expect(page.locator('label[for="feedback-phone"]')).toContainText('Optional');
  });

  test('uploads: progress and cancel, failure and retry, a 201 MB file refused', async ({ page, signIn, open }) => {
    await signIn({ uploadOutcome: 'slow', slowStepMs: 300 });
    await open('/feedback');
    await page.getByRole('button', { name: '+ Video' }).click();
    await expect(page.locator('.upload progress')).toBeVisible();
    await expect(page.locator('.upload .form-hint').first()).toHaveText(/Uploading \d+%/);
    // Sending now waits for the upload.
    await page.getByRole('radio', { name: 'Other' }).check();
    await describe(page).fill('Testing uploads.');
    await page.getByLabel('Contact').fill('me@example.com');
    await submit(page).click();
    await expect(page.locator('.form-field .form-error').filter({ hasText: 'Wait for the uploads' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page.locator('.upload .form-hint')).toHaveText('Cancelled');
    expect((await hostCalls(page, 'cancelUploadFile')).length).toBe(1);
    await page.getByRole('button', { name: 'Remove clip.mp4' }).click();

    await page.evaluate(() => (window as any).__fakeHost.setState({ uploadOutcome: 'failed' }));
    await page.getByRole('button', { name: '+ Picture' }).click();
    await expect(page.locator('.upload [role="alert"]')).toHaveText('Upload failed');
    await page.evaluate(() => (window as any).__fakeHost.setState({ uploadOutcome: 'done' }));
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator('.upload .form-hint')).toHaveText('Uploaded');
    await expect(page.locator('.upload')).toHaveCount(1);

    await page.evaluate(() => (window as any).__fakeHost.setState({ file: { name: 'huge.mp4', size: 201 * 1024 * 1024, mime: 'video/mp4' } }));
    await page.getByRole('button', { name: '+ Video' }).click();
    await expect(page.locator('.upload [role="alert"]')).toHaveText('More than 200M limit, please re-upload');
    expect((await hostCalls(page, 'cancelUploadFile')).length).toBe(2);
  });

  test('a sixth screenshot is refused, even from a host that ignores the limit', async ({ page, signIn, open }) => {
    const shot = (n: number) => ({ id: `p${n}`, name: `s${n}.png`, size: 10, mime: 'image/png', thumbnail: PIXEL });
    await signIn({ pictures: [1, 2, 3].map(shot) });
    await open('/feedback');
    await page.getByRole('button', { name: 'Add screenshot' }).click();
    await expect(page.locator('.shot')).toHaveCount(3);
    // The picker is asked for the room left; this host answers with three anyway.
    await page.evaluate(() => (window as any).__fakeHost.setState({ replyDelayMs: 10_000 }));
    await page.getByRole('button', { name: 'Add screenshot' }).click();
    await page.evaluate((extra) => (window as any).__fakeHost.emit('acquirePictureCallback', extra), [4, 5, 6].map(shot));
    await expect(page.locator('.shot')).toHaveCount(5);
    await expect(page.getByText('You can add up to 5 screenshots.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add screenshot' })).toHaveCount(0);
    expect(await hostCalls(page, 'acquirePicture')).toEqual([{ max: 5 }, { max: 2 }]);
  });

  test('the draft, screenshots and finished uploads included, survives a reload', async ({ page, signIn, open }) => {
    await signIn();
    await open('/feedback');
    await page.getByRole('radio', { name: 'Music content' }).check();
    await describe(page).fill('Lyrics of Harbour Lights are missing.');
    await page.getByLabel('Contact').fill('+65 8123 4567');
    await page.getByRole('checkbox', { name: /important/ }).check();
    await page.getByRole('button', { name: 'Add screenshot' }).click();
    await page.getByRole('button', { name: '+ Video' }).click();
    await expect(page.locator('.upload .form-hint')).toHaveText('Uploaded');
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Music content' })).toBeChecked();
    await expect(describe(page)).toHaveValue('Lyrics of Harbour Lights are missing.');
    await expect(page.getByLabel('Contact')).toHaveValue('+65 8123 4567');
    await expect(page.getByRole('checkbox', { name: /important/ })).toBeChecked();
    await expect(page.locator('.shot')).toHaveCount(1);
    await expect(page.locator('.upload .form-hint')).toHaveText('Uploaded');
  });

  test('sent once with logs, then listed in My feedback and shown whole, with a follow-up', async ({ page, signIn, open }) => {
    await signIn();
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/feedback' && posts.push(r.url()));
    await open('/feedback');
    await page.getByRole('radio', { name: 'User experience' }).check();
    await describe(page).fill('Downloads pause when the screen locks.');
    await page.getByLabel('Contact').fill('me@example.com');
    await page.getByRole('checkbox', { name: /app logs/ }).check();
    await expect(page.getByText('Logs attached')).toBeVisible();
    await submit(page).dblclick();
    await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
    expect(posts).toHaveLength(1);
    await page.getByRole('link', { name: 'View my feedback' }).click();
    await expect(page.locator('.feedback-item').first()).toContainText('Downloads pause when the screen locks.');
    await expect(page.locator('.feedback-state').first()).toHaveText('Submitted');
    await page.locator('a.feedback-item').first().click();
    await expect(page.locator('.answer')).toContainText('App logs attached');
    await expect(page.locator('.thread')).toContainText('We have your feedback and will reply here.');
    await page.getByLabel('Add a follow-up').fill('It happens on Wi-Fi too.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.locator('.bubble.from-user')).toContainText('It happens on Wi-Fi too.');
    await expect(page.locator('.feedback-state')).toHaveText('In progress');
  });

  test('after three today, a verification code is asked for: a wrong one is refused', async ({ page, uid, signIn, open }) => {
    for (let i = 0; i < 3; i++) expect((await api(page, uid, '/api/feedback', feedbackBody({ type: 'other', description: 'Earlier feedback.', attempt: `e2e-earlier-${uid}-${i}` }))).code).toBe(0);
    await signIn();
    await open('/feedback');
    await expect(page.getByLabel('Verification code')).toBeVisible();
    await page.getByRole('radio', { name: 'Other' }).check();
    await describe(page).fill('A fourth one today.');
    // The user's own address: the server sends one address a code a minute and five a day, whoever asks.
    await page.getByLabel('Contact').fill(`${uid}@example.com`);
    await submit(page).click();
    await expect(page.locator('#feedback-code-note')).toHaveText('Please enter the verification code.');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    const { data } = await (await page.request.post('/api/dev/feedback-code', { data: { uid } })).json();
    await page.getByLabel('Verification code').fill(data.code === '000000' ? '111111' : '000000');
    await submit(page).click();
    await expect(page.locator('#feedback-code-note')).toHaveText('Verification code input errors');
    await expect(describe(page)).toHaveValue('A fourth one today.');
    await page.getByLabel('Verification code').fill(data.code);
    await submit(page).click();
    await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
  });

  test('/feedback2 from the player, in th-TH dark: the type preselected, the song attached', async ({ page, signIn, open }) => {
    await signIn({ player: { playing: true, resourceId: 's04' } });
    await open('/th-TH/feedback2', '&type=interface&dark=1&bgColor=000000');
    await expect(page.getByRole('radio').nth(2)).toBeChecked();
    await expect(page.locator('.check').last().locator('input')).toBeChecked();
    // The box says which song goes with the feedback.
    await expect(page.locator('.check').last()).toHaveText('แนบเพลงที่กำลังเล่นอยู่: Saigon Rain – Linh Nguyen');
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
    await expect(page.locator('.empty p')).toHaveText('No data');
    await expect(page.locator('#page-title')).toHaveText('My feedback');
    await page.locator('.empty').getByRole('link', { name: 'Give feedback' }).click();
    await expect(page).toHaveURL(/\/feedback\?status_height=24$/);
    await expect(page.getByLabel('Describe the problem')).toBeVisible();
  });

  test('/my-feedback in th-TH: "No data" offers feedback too', async ({ page, signIn, open }) => {
    await signIn();
    await open('/th-TH/my-feedback');
    await expect(page.locator('.empty').getByRole('link')).toHaveAttribute('href', '/th-TH/feedback?status_height=24');
  });
});

// Issue 16: Done on "Feedback sent" leaves the way the user came, closing the WebView only when the app opened the form.
test.describe('done with feedback', () => {
  const send = async (page: Page) => {
    await page.getByRole('radio', { name: 'Other' }).check();
    await describe(page).fill('Done should take me back.');
    await page.getByLabel('Contact').fill('me@example.com');
    await submit(page).click();
    await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
  };

  test('opened by the app on its own: Done closes the WebView with exit', async ({ page, signIn, open }) => {
    await signIn();
    await open('/feedback');
    await send(page);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => hostCalls(page, 'exit')).toHaveLength(1);
    expect(await hostCalls(page, 'finishPage')).toHaveLength(0);
    expect(new URL(page.url()).pathname).toBe('/feedback');
  });

  test('an app without exit: Done closes the WebView with finishPage', async ({ page, signIn, open }) => {
    await signIn({ missing: ['exit'] });
    await open('/feedback');
    await send(page);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => hostCalls(page, 'finishPage')).toHaveLength(1);
  });

  test('from the help centre: Done goes back to it, and the WebView stays', async ({ page, signIn, open }) => {
    await signIn();
    await open('/help-feedback');
    await page.getByRole('link', { name: 'Give feedback' }).click();
    await expect(page).toHaveURL(/\/feedback\?/);
    await send(page);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/help-feedback\?/);
    expect(await hostCalls(page, 'exit')).toHaveLength(0);
    expect(await hostCalls(page, 'finishPage')).toHaveLength(0);
  });
});
