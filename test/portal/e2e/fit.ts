import type { Page } from 'playwright-core';

// What "fits" means for a page (issue 33 item 4): nothing wider than the window, and every action a person can
// take shown inside the window and inside every box that scrolls around it.

/** An action (button, menu, link or field) that is laid out but cannot be seen: its text and where it sits. */
export interface HiddenAction {
  text: string;
  left: number;
  right: number;
  box: string;
}

/**
 * The actions of the page's main area that are laid out (not folded away on purpose: a closed menu's items, a
 * collapsed filter row) but lie, even partly, outside the window or outside a box that scrolls sideways around
 * them. A table's column headers are not actions (their columns scroll into view).
 */
export function hiddenActions(page: Page): Promise<HiddenAction[]> {
  return page.evaluate(() => {
    const scrollsSideways = (el: Element) => {
      const style = getComputedStyle(el);
      return ['auto', 'scroll', 'hidden'].includes(style.overflowX) && el.scrollWidth > el.clientWidth;
    };
    const out: HiddenAction[] = [];
    const main = document.querySelector('main') ?? document.body;
    for (const el of main.querySelectorAll('button, summary, a[href], select, input:not([type=hidden])')) {
      if (el.closest('thead')) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      let box: Element | null = null;
      let left = 0;
      let right = window.innerWidth;
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (!scrollsSideways(p)) continue;
        const r = p.getBoundingClientRect();
        if (rect.left < r.left - 0.5 || rect.right > r.right + 0.5) {
          box = p;
          left = r.left;
          right = r.right;
          break;
        }
      }
      if (box === null && rect.left >= -0.5 && rect.right <= window.innerWidth + 0.5) continue;
      out.push({
        text: (el.textContent ?? el.getAttribute('aria-label') ?? el.tagName).trim().slice(0, 60),
        left: Math.round(Math.max(left, rect.left)),
        right: Math.round(Math.min(right, rect.right)),
        box: box ? `${box.tagName.toLowerCase()}.${box.className}` : 'window',
      });
    }
    return out;
  });
}

/** SVG text (chart labels) that sticks out of its own chart: a label cut off at the edge. */
export function clippedChartLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const svg of document.querySelectorAll('svg.recharts-surface')) {
      const box = svg.getBoundingClientRect();
      for (const t of svg.querySelectorAll('text')) {
        const r = t.getBoundingClientRect();
        if (r.width === 0) continue;
        if (
          r.left < box.left - 0.5 ||
          r.right > box.right + 0.5 ||
          r.top < box.top - 0.5 ||
          r.bottom > box.bottom + 0.5
        )
          out.push(t.textContent ?? '');
      }
    }
    return out;
  });
}
