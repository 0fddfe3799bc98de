import { expect, type Locator, type Page } from "@playwright/test";

/** A name no earlier run used: the browser tests share one database per run and may be run again. */
export const unique = (base: string) => `${base} ${Date.now().toString(36).slice(-5)}`;

export const dialog = (page: Page, name: string | RegExp) => page.getByRole("dialog", { name });

/** Picks an option of a Mantine Select or MultiSelect by its label. */
export async function choose(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The table row that mentions `text`. */
export const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

/** Saves the open form and waits until its dialog is gone. */
export async function save(page: Page, title: string | RegExp): Promise<void> {
  await dialog(page, title).getByRole("button", { name: "Opslaan" }).click();
  await expect(dialog(page, title)).toHaveCount(0);
}

/** Deactivates the row's entity through its button and the confirmation dialog. */
export async function deactivate(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: `Deactiveren: ${name}` }).click();
  await dialog(page, `${name} deactiveren?`).getByRole("button", { name: "Deactiveren" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${name} is gedeactiveerd.` })).toBeVisible();
}

/** Calls the API from inside the signed-in page, the way the app does (auth header, XSRF header). */
export function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? "";
      const response = await fetch(path, {
        method,
        headers: {
          authorization: localStorage.getItem("auth_header") ?? "",
          "content-type": "application/json",
          "x-xsrf-token": decodeURIComponent(xsrf),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.json();
    },
    { method, path, body },
  );
}
