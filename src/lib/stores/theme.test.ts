// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { $darkbg, $darkColor, $theme, bindThemeTo, setHostTheme, setTheme } from './theme';

afterEach(() => setTheme('light'));

const state = () => ({ theme: $theme.get(), bg: $darkbg.get(), color: $darkColor.get() });

describe('setTheme', () => {
  it('switches to a dark variant with its background and light text', () => {
    setTheme('dark1', '171717');
    expect(state()).toEqual({ theme: 'dark1', bg: '#171717', color: '#ededed' });
  });

  it('reads an unknown theme name as light', () => {
    setTheme('neon', '000000');
    expect(state()).toEqual({ theme: 'light', bg: null, color: '#1a1a1a' });
  });

  it('keeps a background only as six hex digits', () => {
    setTheme('dark', 'red;background:url(x)');
    expect($darkbg.get()).toBeNull();
    setTheme('dark', '#0A0A0A');
    expect($darkbg.get()).toBe('#0a0a0a');
  });

  it('drops a background the theme text would be unreadable on', () => {
    setTheme('dark', 'ffffff');
    expect($darkbg.get()).toBeNull();
    setTheme('light', '000000');
    expect($darkbg.get()).toBeNull();
    setTheme('light', 'f5f5f5');
    expect($darkbg.get()).toBe('#f5f5f5');
  });
});

describe('setHostTheme', () => {
  it.each([
    [{ dark: 1, bgColor: '000000' }, 'dark'],
    [{ dark: 1, bgColor: '171717' }, 'dark1'],
    [{ dark: 1, bgColor: '262626' }, 'dark2'],
    [{ dark: 1, bgColor: '123456' }, 'light'],
    [{ dark: 0, bgColor: '000000' }, 'light'],
  ])('applies the spec §2 rule to %j', (payload, theme) => {
    setHostTheme(payload);
    expect($theme.get()).toBe(theme);
  });
});

describe('bindThemeTo', () => {
  it('starts from the shell theme on <html> and follows later changes', () => {
    const html = document.createElement('html');
    html.dataset.theme = 'dark2';
    html.style.setProperty('--page-bg', '#262626');
    const stop = bindThemeTo(html);
    expect(state()).toEqual({ theme: 'dark2', bg: '#262626', color: '#ededed' });

    setHostTheme({ dark: 0 });
    expect(html.dataset.theme).toBe('light');
    expect(html.style.getPropertyValue('--page-bg')).toBe('');

    stop();
    setTheme('dark');
    expect(html.dataset.theme).toBe('light');
  });
});
