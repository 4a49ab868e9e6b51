import { expect, test } from '@playwright/test';
import { settingsTexts } from '../web/src/features/settings/settings.texts.js';
import { newAccount, signUpThroughApi } from './support/accounts.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { expectNoHorizontalOverflow, PHONE } from './support/viewport.js';

const t = settingsTexts.profile;
const a = settingsTexts.avatar;

// A 1x1 PNG: portfolio checks the type from these bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('settings: candidate profile fields and photo', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a student adds school, major, year and links by keyboard, and uploads a photo the top bar shows', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const account = newAccount('student');
    await signUpThroughApi(page, account);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: t.heading })).toBeVisible();

    await page.getByLabel(t.school).fill('State University');
    await page.getByLabel(t.major).fill('Computer Science');
    const year = page.getByLabel(t.graduationYear);
    await year.fill('1900');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.graduationYearInvalid)).toBeVisible();
    await year.fill('2027');

    // Links: added and removed with the keyboard; the focus follows.
    const addLink = page.getByRole('button', { name: t.addLink });
    await addLink.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(t.linkLabel(1))).toBeFocused();
    await page.keyboard.type('GitHub');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(t.linkUrl(1))).toBeFocused();
    await page.keyboard.type('ftp://files.example');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.linkUrlInvalid)).toBeVisible();
    await page.getByLabel(t.linkUrl(1)).fill('https://github.com/sam');
    for (let n = 2; n <= 5; n++) {
      await addLink.click();
      await page.getByLabel(t.linkLabel(n)).fill(`Site ${n}`);
      await page.getByLabel(t.linkUrl(n)).fill(`https://site${n}.example`);
    }
    await expect(addLink).toBeDisabled();
    await expect(page.getByText(t.linksFull)).toBeVisible();
    await page.getByRole('button', { name: t.removeLink(5) }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(t.linkLabel(5))).toHaveCount(0);
    await expect(addLink).toBeFocused();
    await expectNoHorizontalOverflow(page);

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/users/me') && r.request().method() === 'PATCH');
    await page.getByRole('button', { name: t.save }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText(t.saved)).toBeVisible();

    // The photo: a wrong type is refused here; a PNG goes up (tus), becomes the photo and the top bar's avatar.
    const chooseFile = async (name: string, mimeType: string, buffer: Buffer) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: a.choose }).focus();
      await page.keyboard.press('Enter');
      await (await chooser).setFiles({ name, mimeType, buffer });
    };
    await chooseFile('notes.txt', 'text/plain', Buffer.from('not a picture'));
    await expect(page.getByRole('alert').filter({ hasText: a.wrongType })).toBeVisible();
    const avatarSet = page.waitForResponse((r) => r.url().endsWith('/api/users/me/avatar'));
    await chooseFile('me.png', 'image/png', PNG);
    expect((await avatarSet).status()).toBe(200);
    await expect(page.getByText(a.saved)).toBeVisible();
    const photo = page.getByRole('img', { name: a.current });
    await expect(photo).toHaveAttribute('src', /^\/api\/uploads\/[0-9a-f-]{36}\/file$/);
    const src = (await photo.getAttribute('src'))!;
    await expect(page.getByRole('banner').locator(`img[src="${src}"]`)).toBeVisible();
    expect(await photo.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
    await expectNoSeriousAxeViolations(page);

    await page.reload();
    await expect(page.getByLabel(t.school)).toHaveValue('State University');
    await expect(page.getByLabel(t.major)).toHaveValue('Computer Science');
    await expect(page.getByLabel(t.graduationYear)).toHaveValue('2027');
    await expect(page.getByLabel(t.linkUrl(1))).toHaveValue('https://github.com/sam');
    await expect(page.getByLabel(t.linkLabel(4))).toHaveValue('Site 4');
    await expect(page.getByLabel(t.linkLabel(5))).toHaveCount(0);
    await expect(page.getByRole('img', { name: a.current })).toHaveAttribute('src', src);

    // Removing the photo brings the initial back.
    await page.getByRole('button', { name: a.remove }).click();
    await expect(page.getByText(a.removed)).toBeVisible();
    await expect(page.getByRole('img', { name: a.current })).toHaveCount(0);
  });
});
