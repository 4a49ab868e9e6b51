import { expect, test, type Page } from '@playwright/test';
import { homeTexts } from '../web/src/features/home/home.texts.js';
import { skillsTexts } from '../web/src/features/skills/skills.texts.js';
import { newAccount, signUpThroughApi } from './support/accounts.js';
import { isPath } from './support/identity-ui.js';
import { collectErrors } from './support/page-errors.js';

const t = skillsTexts;
const main = (page: Page) => page.getByRole('main');
const skillField = (page: Page) => main(page).getByRole('combobox', { name: t.add.skill });
const skillList = (page: Page) => main(page).getByRole('region', { name: t.list.title });
const skillRow = (page: Page, name: string) =>
  skillList(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });
/** An entry of the catalog's suggestions, by the skill's exact name. */
const suggestion = (page: Page, name: string) =>
  page.locator('.ant-select-item-option').filter({ has: page.getByText(name, { exact: true }) });

async function chooseLevel(page: Page, level: string) {
  // antd's button-style radios hide the input under its label.
  await main(page).locator('label').filter({ hasText: level }).click();
  await expect(main(page).getByRole('radio', { name: level })).toBeChecked();
}

async function addAndExpect(page: Page, name: string) {
  await main(page).getByRole('button', { name: t.add.submit }).click();
  await expect(page.getByText(t.add.added(name))).toBeVisible();
  await expect(skillRow(page, name)).toBeVisible();
  await expect(skillField(page)).toHaveValue('');
}

test.describe('skills', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a student searches the catalog, adds skills, changes a level and removes one', async ({ page }) => {
    // A skill that is already on the profile answers 409 SKILL_ALREADY_ADDED: the test provokes it.
    const errors = collectErrors(page, [{ url: /\/api\/users\/me\/skills$/, status: 409 }]);
    await signUpThroughApi(page, newAccount('student'));
    await page.goto('/');

    // Home: the Skills Added check is pending and leads to the editor.
    const status = main(page).getByRole('region', { name: homeTexts.profileStatus.title });
    const check = status.getByRole('listitem').filter({ hasText: 'Skills Added' });
    await expect(check).toContainText(homeTexts.profileStatus.pending);
    await expect(
      main(page).getByRole('region', { name: homeTexts.quickActions.title }).getByRole('link', { name: 'Add Skills' }),
    ).toHaveAttribute('href', '/skills');
    await check.getByRole('link', { name: 'Skills Added' }).click();
    await expect(page).toHaveURL(isPath('/skills'));
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(skillList(page)).toContainText(t.list.empty);

    // The catalog, searched as one types; a suggestion is picked with the pointer.
    await skillField(page).fill('reac');
    await suggestion(page, 'React').click();
    await expect(skillField(page)).toHaveValue('React');
    await chooseLevel(page, 'Intermediate');
    const added = page.waitForResponse(
      (response) => response.url().endsWith('/api/users/me/skills') && response.request().method() === 'POST',
    );
    await main(page).getByRole('button', { name: t.add.submit }).click();
    expect((await added).request().postDataJSON()).toMatchObject({ proficiencyLevel: 'Intermediate' });
    expect((await added).request().postDataJSON()).toHaveProperty('skillId');
    await expect(page.getByText(t.add.added('React'))).toBeVisible();
    await expect(skillRow(page, 'React').getByRole('combobox', { name: t.list.levelLabel('React') })).toBeVisible();
    await expect(skillRow(page, 'React')).toContainText('Intermediate');
    await expect(main(page).getByText(t.list.count(1))).toBeVisible();

    // The same skill again, typed rather than picked: the server's 409 shows on the field.
    await skillField(page).fill('react');
    await main(page).getByRole('button', { name: t.add.submit }).click();
    await expect(main(page).getByText('This skill is already on your profile')).toBeVisible();
    await expect(skillList(page).getByRole('listitem')).toHaveCount(1);

    // By keyboard: the best suggestion is active, arrows move through them, Enter picks one.
    await skillField(page).fill('');
    await skillField(page).pressSequentially('typescri', { delay: 20 });
    await expect(suggestion(page, 'TypeScript')).toHaveClass(/ant-select-item-option-active/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(skillField(page)).toHaveValue('TypeScript');
    await addAndExpect(page, 'TypeScript');

    // Typed fast and entered at once: the catalog name typed is kept, not the shorter suggestion shown
    // for the start of it a moment before.
    await skillField(page).fill('react');
    await expect(suggestion(page, 'React')).toBeVisible();
    await skillField(page).pressSequentially(' native', { delay: 10 });
    await page.keyboard.press('Enter');
    await expect(skillField(page)).toHaveValue('React Native');
    await addAndExpect(page, 'React Native');

    // A name of one's own, not in the catalog.
    await skillField(page).fill('Competitive Quilting');
    await expect(main(page).getByText(t.add.noMatch)).toBeVisible();
    await addAndExpect(page, 'Competitive Quilting');
    await expect(main(page).getByText(t.list.count(4))).toBeVisible();

    // Change a level: saved at once, and still there after a reload.
    await skillRow(page, 'React')
      .getByRole('combobox', { name: t.list.levelLabel('React') })
      .click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Advanced' }).click();
    await expect(page.getByText(t.list.levelChanged('React', 'Advanced'))).toBeVisible();
    await page.reload();
    await expect(skillRow(page, 'React')).toContainText('Advanced');

    // Remove, after confirming.
    await skillRow(page, 'TypeScript')
      .getByRole('button', { name: t.list.removeLabel('TypeScript') })
      .click();
    const dialog = page.getByRole('dialog', { name: t.list.confirmTitle('TypeScript') });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: t.list.cancel }).click();
    await expect(skillRow(page, 'TypeScript')).toBeVisible();
    await skillRow(page, 'TypeScript')
      .getByRole('button', { name: t.list.removeLabel('TypeScript') })
      .click();
    await page
      .getByRole('dialog', { name: t.list.confirmTitle('TypeScript') })
      .getByRole('button', { name: t.list.remove })
      .click();
    await expect(page.getByText(t.list.removed('TypeScript'))).toBeVisible();
    await expect(skillRow(page, 'TypeScript')).toHaveCount(0);
    await expect(skillList(page).getByRole('listitem')).toHaveCount(3);

    // Home: the check is done now.
    await page.goto('/');
    await expect(
      main(page)
        .getByRole('region', { name: homeTexts.profileStatus.title })
        .getByRole('listitem')
        .filter({ hasText: 'Skills Added' }),
    ).toContainText(homeTexts.profileStatus.done);
    expect(errors).toEqual([]);
  });

  test('a catalog name is kept as typed: User Research stays User Research, UX Research is another skill', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await signUpThroughApi(page, newAccount('student'));
    await page.goto('/skills');
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    // Typed and entered: the name typed is kept, not swapped for the skill it was an alias of.
    await skillField(page).fill('User Research');
    await expect(suggestion(page, 'User Research')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(skillField(page)).toHaveValue('User Research');
    await addAndExpect(page, 'User Research');
    await skillField(page).fill('UX Research');
    await suggestion(page, 'UX Research').click();
    await expect(skillField(page)).toHaveValue('UX Research');
    await addAndExpect(page, 'UX Research');
    await page.reload();
    await expect(skillRow(page, 'User Research')).toBeVisible();
    await expect(skillRow(page, 'UX Research')).toBeVisible();
    await expect(skillList(page).getByRole('listitem')).toHaveCount(2);
    expect(errors).toEqual([]);
  });
});
