// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Report } from './dom';
import { watchExposure } from './exposure';
import { FakeObserver } from '../../../tests/fixtures/dom-fakes';

const Observer = FakeObserver as unknown as typeof IntersectionObserver;
const observer = () => FakeObserver.last!;
// MutationObserver callbacks run as microtasks.
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let report: ReturnType<typeof vi.fn<Report>>;
let stop: () => void;
beforeEach(() => {
  report = vi.fn<Report>();
  document.body.innerHTML = '';
});
afterEach(() => stop?.());

function start(html: string) {
  document.body.innerHTML = html;
  stop = watchExposure(document.body, report, Observer);
}

describe('watchExposure', () => {
  it('watches marked elements at threshold 0.5 and reports one once half of it is visible', () => {
    start(`<ul><li id="a" data-track="vip.plan" data-track-on="exposure click" data-track-props='{"plan":"vip-month"}'></li></ul>`);
    expect(observer().options).toEqual({ threshold: 0.5 });
    const card = document.getElementById('a')!;
    observer().show(card, 0.49);
    expect(report).not.toHaveBeenCalled();
    observer().show(card, 0.5);
    observer().show(card, 1);
    expect(report).toHaveBeenCalledExactlyOnceWith('exposure', 'vip.plan', { plan: 'vip-month' });
  });

  it('leaves alone elements tracked for clicks only, or not tracked', () => {
    start('<button data-track="vip.buy"></button><div data-track-on="exposure"></div>');
    expect(observer().observed.size).toBe(0);
  });

  it('watches elements an island renders later', async () => {
    start('<main></main>');
    document.querySelector('main')!.innerHTML =
      `<section><button data-track="music.playAll" data-track-on="exposure click" data-track-props='{"list":"l1"}'></button></section>`;
    await settle();
    observer().show(document.querySelector('button')!, 0.8);
    expect(report).toHaveBeenCalledExactlyOnceWith('exposure', 'music.playAll', { list: 'l1' });
  });

  it('counts the same name and props once per page, even drawn again by a new element', async () => {
    start(`<p data-track="help.category" data-track-on="exposure" data-track-props='{"category":"c1"}'></p>`);
    observer().show(document.querySelector('p')!, 1);
    document.body.innerHTML = `<p data-track="help.category" data-track-on="exposure" data-track-props='{"category":"c1"}'></p>`;
    await settle();
    observer().show(document.querySelector('p')!, 1);
    expect(report).toHaveBeenCalledOnce();
  });

  it('reads the props when the element is seen: an element reused for another plan reports that plan', async () => {
    start(`<button data-track="vip.plan" data-track-on="exposure" data-track-props='{"plan":"vip-month"}'></button>`);
    const card = document.querySelector('button')!;
    observer().show(card, 1);
    card.setAttribute('data-track-props', '{"plan":"svip-month"}');
    await settle();
    observer().show(card, 1);
    expect(report.mock.calls).toEqual([
      ['exposure', 'vip.plan', { plan: 'vip-month' }],
      ['exposure', 'vip.plan', { plan: 'svip-month' }],
    ]);
  });

  it('stops watching when asked', async () => {
    start('<div data-track="a" data-track-on="exposure"></div>');
    stop();
    document.body.insertAdjacentHTML('beforeend', '<div data-track="b" data-track-on="exposure"></div>');
    await settle();
    expect(observer().observed.size).toBe(0);
  });

  it('reports nothing where IntersectionObserver does not exist', () => {
    document.body.innerHTML = '<div data-track="a" data-track-on="exposure"></div>';
    stop = watchExposure(document.body, report, undefined as unknown as typeof IntersectionObserver);
    expect(() => stop()).not.toThrow();
    expect(report).not.toHaveBeenCalled();
  });
});
