/**
 * The live log of bridge calls: newest first, capped, filterable by method. Everything shown comes
 * from the framed page, so it is written as text only (never as HTML).
 */
import type { FakeCall } from '../fake-host';

/** Entries kept; older ones drop off the bottom. */
export const LOG_LIMIT = 500;

export interface CallLog {
  add(call: FakeCall): void;
  /** A separator row: a page was loaded into the frame. */
  mark(text: string): void;
  clear(): void;
}

const KIND_LABEL: Record<FakeCall['kind'], string> = { query: 'query', command: 'command', callback: 'host →' };

const time = (at: number) => {
  const d = new Date(at);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
};

/** Arguments are parsed JSON; answers are the strings the host returned, shown as sent (`""` for nothing). */
const show = (value: unknown): string => (value === undefined ? '' : typeof value === 'string' ? value || '""' : JSON.stringify(value));

function cell(tag: string, className: string, text: string): HTMLElement {
  const el = document.createElement(tag);
  el.className = className;
  el.textContent = text;
  return el;
}

/**
 * Renders into `list` (an `<ol>`), keeps `count` up to date and hides rows whose method does not
 * contain the `filter` input's text.
 */
export function createLog(list: HTMLOListElement, count: HTMLElement, filter: HTMLInputElement): CallLog {
  let calls = 0;
  const matches = (row: HTMLElement) => {
    const needle = filter.value.trim().toLowerCase();
    // Marks stay visible under a filter: they show which page a call came from.
    return !needle || row.classList.contains('mark') || (row.dataset.method ?? '').toLowerCase().includes(needle);
  };
  const update = () => {
    count.textContent = `${calls} call${calls === 1 ? '' : 's'}`;
  };
  const prepend = (row: HTMLElement) => {
    row.hidden = !matches(row);
    list.prepend(row);
    while (list.children.length > LOG_LIMIT) {
      if (list.lastElementChild!.classList.contains('call')) calls--;
      list.lastElementChild!.remove();
    }
    update();
  };
  filter.addEventListener('input', () => {
    for (const row of list.children) (row as HTMLElement).hidden = !matches(row as HTMLElement);
  });
  update();

  return {
    add(call) {
      const row = document.createElement('li');
      row.className = `call call-${call.kind}`;
      row.dataset.method = call.method;
      const arg = cell('code', 'arg', show(call.arg));
      const answer = cell('code', 'answer', call.kind === 'query' ? show(call.result) : '');
      arg.title = 'Argument';
      answer.title = 'Answer';
      row.append(cell('time', 'at', time(call.at)), cell('span', 'kind', KIND_LABEL[call.kind]), cell('b', 'method', call.method), arg, answer);
      calls++;
      prepend(row);
    },
    mark(text) {
      prepend(cell('li', 'mark', text));
    },
    clear() {
      list.replaceChildren();
      calls = 0;
      update();
    },
  };
}
