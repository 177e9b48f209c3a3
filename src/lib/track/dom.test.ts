// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExposureWatcher, delegateTracking, type Report } from './dom';
import { FakeObserver } from '../../../tests/fixtures/dom-fakes';

const Observer = FakeObserver as unknown as typeof IntersectionObserver;

let report: ReturnType<typeof vi.fn<Report>>;
beforeEach(() => {
  report = vi.fn<Report>();
  document.body.innerHTML = '';
});

describe('exposure', () => {
  it('watches at threshold 0.5', () => {
    createExposureWatcher(report, Observer)(document.createElement('div'), 'card');
    expect(FakeObserver.last!.options).toEqual({ threshold: 0.5 });
  });

  it('reports an element once half of it is visible, and only once', () => {
    const card = document.createElement('div');
    const observe = createExposureWatcher(report, Observer);
    observe(card, 'vip.plan', { plan: 'year' });
    FakeObserver.last!.show(card, 0.49);
    expect(report).not.toHaveBeenCalled();
    FakeObserver.last!.show(card, 0.5);
    FakeObserver.last!.show(card, 1);
    observe(card, 'vip.plan', { plan: 'year' });
    FakeObserver.last!.show(card, 1);
    expect(report).toHaveBeenCalledExactlyOnceWith('exposure', 'vip.plan', { plan: 'year' });
  });

  it('reports each element on its own', () => {
    const [a, b] = [document.createElement('div'), document.createElement('div')];
    const observe = createExposureWatcher(report, Observer);
    observe(a, 'a');
    observe(b, 'b');
    FakeObserver.last!.show(b, 0.8);
    FakeObserver.last!.show(a, 0.6);
    expect(report.mock.calls.map(([, name]) => name)).toEqual(['b', 'a']);
  });

  it('stops watching when asked, before the element was seen', () => {
    const card = document.createElement('div');
    const stop = createExposureWatcher(report, Observer)(card, 'card');
    stop();
    FakeObserver.last!.show(card, 1);
    expect(report).not.toHaveBeenCalled();
  });

  it('reports nothing where IntersectionObserver does not exist', () => {
    const stop = createExposureWatcher(report, undefined as unknown as typeof IntersectionObserver)(document.createElement('div'), 'card');
    expect(() => stop()).not.toThrow();
  });
});

describe('delegateTracking', () => {
  let stop: () => void;
  afterEach(() => stop());

  function mount(html: string) {
    document.body.innerHTML = `<main>${html}</main>`;
    stop = delegateTracking(document.querySelector('main')!, report);
  }

  it('reports clicks on data-track elements, from inner elements too, with their props', () => {
    mount(`<button data-track="vip.buy" data-track-props='{"plan":"month"}'><span>Buy</span></button>`);
    document.querySelector('span')!.click();
    expect(report).toHaveBeenCalledExactlyOnceWith('click', 'vip.buy', { plan: 'month' });
  });

  it('reports touchstart only where data-track-on asks for it', () => {
    mount('<div data-track="song.row" data-track-on="touchstart"></div><div data-track="other"></div>');
    const [row, other] = [...document.querySelectorAll('div')];
    row!.dispatchEvent(new Event('touchstart', { bubbles: true }));
    row!.click();
    other!.dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(report.mock.calls).toEqual([['touchstart', 'song.row', undefined]]);
  });

  it('reports typing once per visit to a field and never the value', () => {
    mount('<input data-track="feedback.contact">');
    const input = document.querySelector('input')!;
    for (const value of ['a', 'ab', 'abc']) {
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(report.mock.calls).toEqual([
      ['input', 'feedback.contact', undefined],
      ['input', 'feedback.contact', undefined],
    ]);
  });

  it('ignores elements without data-track, outside the root, and malformed props', () => {
    mount('<button>plain</button><button data-track="x" data-track-props="{oops">x</button>');
    const outside = document.createElement('button');
    outside.dataset.track = 'outside';
    document.body.append(outside);
    for (const button of document.querySelectorAll('button')) button.click();
    expect(report.mock.calls).toEqual([['click', 'x', undefined]]);
  });

  it('stops listening when asked', () => {
    mount('<button data-track="x"></button>');
    stop();
    document.querySelector('button')!.click();
    expect(report).not.toHaveBeenCalled();
  });
});
