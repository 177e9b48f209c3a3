/**
 * The control panel as a form whose fields are named after `Settings` (model.ts): fills the route and
 * locale lists, shows settings, reads one changed field back, and says what a change means for the frame.
 */
import { LOCALES } from '../../src/shared/locale';
import { ROUTES } from '../../src/shared/routes';
import type { Settings } from './model';

/** What a changed field does to the framed page. */
export type Effect = 'navigate' | 'host' | 'live' | 'none';

// In the URL the app opens: the page is opened again at its new address.
const URL_FIELDS: readonly (keyof Settings)[] = ['route', 'locale', 'localeVia', 'theme', 'themeVia', 'statusHeight', 'extraQuery'];
// They only decide the host's next answer, so the page is left as it is.
const LIVE_FIELDS: readonly (keyof Settings)[] = ['payOutcome', 'appDialog', 'uploadOutcome', 'uploadFile', 'loginOutcome', 'replyDelayMs'];
// The panel's own preferences.
const PANEL_FIELDS: readonly (keyof Settings)[] = ['reloadOnChange', 'h5DarkTheme'];

/** @example effectOf('route') // 'navigate' */
export function effectOf(field: keyof Settings): Effect {
  if (URL_FIELDS.includes(field)) return 'navigate';
  if (LIVE_FIELDS.includes(field)) return 'live';
  return PANEL_FIELDS.includes(field) ? 'none' : 'host';
}

type Field = HTMLInputElement | HTMLSelectElement;

const option = (value: string, label: string) => Object.assign(document.createElement('option'), { value, textContent: label });

/** Puts every route of src/shared/routes.ts and every locale into their selects. */
export function fillOptions(form: HTMLFormElement): void {
  const routes = form.elements.namedItem('route') as HTMLSelectElement;
  routes.replaceChildren(...ROUTES.map((r) => option(r.path, `/${r.path}${r.signIn ? '' : '  (no sign-in)'}`)));
  const locales = form.elements.namedItem('locale') as HTMLSelectElement;
  locales.replaceChildren(...LOCALES.map((l) => option(l, l)));
}

/** Every named control of the form, including those outside it that say `form="controls"`. */
const fields = (form: HTMLFormElement) => [...form.elements].filter((el): el is Field => 'name' in el && !!(el as Field).name);

/** Shows the settings in the form. */
export function showSettings(form: HTMLFormElement, settings: Settings): void {
  const values = settings as unknown as Record<string, unknown>;
  for (const el of fields(form)) {
    const value = values[el.name];
    if (el instanceof HTMLInputElement && el.type === 'checkbox') el.checked = value === true;
    else el.value = value === null || value === undefined ? '' : String(value);
  }
}

/**
 * The setting a control now holds, or null when its value is unusable (an emptied number field keeps
 * the previous value, except status_height where empty means "not sent").
 */
export function readField(el: Field): { key: keyof Settings; value: Settings[keyof Settings] } | null {
  const key = el.name as keyof Settings;
  if (el instanceof HTMLInputElement && el.type === 'checkbox') return { key, value: el.checked };
  if (el instanceof HTMLInputElement && el.type === 'number') {
    if (el.value === '') return key === 'statusHeight' ? { key, value: null } : null;
    const number = el.valueAsNumber;
    return Number.isFinite(number) && number >= 0 ? { key, value: number } : null;
  }
  return { key, value: el.value };
}
