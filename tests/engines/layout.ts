/**
 * The sweep's layout checks (tests/fixtures/sweep.ts), rewritten for the engines of the matrix: run in
 * the page through EnginePage.run, which lowers the syntax; the APIs are Chromium 64's (no
 * checkVisibility, no Intl.Segmenter). What a user on an old phone would see go wrong on a first
 * screen: the page scrolling sideways, content under the back bar, text boxes on top of each other,
 * and a column too narrow for its words.
 */
export function layoutProblems(): string[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
  const shown = (el: Element) => {
    for (let node: Element | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return false;
    }
    const box = el.getBoundingClientRect();
    return box.width > 1 && box.height > 1;
  };
  // Inside a box that scrolls or clips sideways (a row of plans), leaving the viewport is by design.
  const scrolls = (el: Element) => {
    for (let node = el.parentElement; node && node !== document.documentElement; node = node.parentElement) {
      if (getComputedStyle(node).overflowX !== 'visible') return true;
    }
    return false;
  };
  const root = document.documentElement;
  if (root.scrollWidth > width + 1) problems.push(`the page scrolls sideways: ${root.scrollWidth} > ${width}`);

  // Text boxes: elements with text of their own, in the page's flow (not fixed or absolute, which are
  // placed on purpose), shown, inside <main>.
  const main = document.getElementById('main') || document.body;
  const boxes: { el: Element; box: ClientRect }[] = [];
  const all = Array.prototype.slice.call(main.querySelectorAll('*')) as Element[];
  for (const el of all) {
    const own = Array.prototype.some.call(el.childNodes, (n: Node) => n.nodeType === 3 && (n.textContent || '').trim());
    if (!own || !shown(el)) continue;
    const style = getComputedStyle(el);
    if (style.position === 'fixed' || style.position === 'absolute' || style.display === 'inline') continue;
    const box = el.getBoundingClientRect();
    if ((box.right > width + 1 || box.left < -1) && !scrolls(el))
      problems.push(`${name(el)} leaves the viewport: ${Math.round(box.left)}…${Math.round(box.right)} of ${width}`);
    boxes.push({ el, box });
  }

  // Nothing of the page under the back bar at the top of the page (the bar is fixed over it).
  const bar = document.querySelector('.bar');
  if (bar && shown(bar) && getComputedStyle(bar).position === 'fixed' && window.scrollY === 0) {
    const bottom = bar.getBoundingClientRect().bottom;
    for (const { el, box } of boxes) {
      if (bar.contains(el)) continue;
      if (box.top < bottom - 1 && box.bottom > 0) problems.push(`${name(el)} is under the back bar: its top ${Math.round(box.top)} < ${Math.round(bottom)}`);
    }
  }

  // Two text boxes on top of each other: neither contains the other, and they share more than a
  // sliver (3 px) both ways.
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (x > 3 && y > 3) problems.push(`${name(a.el)} and ${name(b.el)} overlap by ${Math.round(x)}×${Math.round(y)}`);
    }
  }

  // A column too narrow for its text: narrower than four characters (half an em each) where the text
  // has more, as the sweep measures it.
  for (const { el, box } of boxes) {
    const letters = Array.from((el.textContent || '').replace(/\s+/g, ''));
    const font = parseFloat(getComputedStyle(el).fontSize);
    if (letters.length >= 2 && box.width < Math.min(letters.length, 4) * 0.5 * font - 1) {
      problems.push(`${name(el)} is ${Math.round(box.width)} px wide for "${letters.join('').slice(0, 20)}"`);
    }
  }
  return problems.filter((p, i) => problems.indexOf(p) === i).slice(0, 12);
}
