import type { Page } from 'playwright-core';

// Timings taken inside the page (performance.now()), from the user's action to the frame that shows its result.

/** Clicks a grid's column header and answers the ms until its rows are sorted that way and painted. */
export function timeSort(page: Page, header: string, direction: 'ascending' | 'descending'): Promise<number> {
  return page.evaluate(
    async ({ header, direction }) => {
      const th = [...document.querySelectorAll('th')].find(
        (h) => h.textContent?.replace(/[▲▼]/g, '').trim() === header,
      );
      const button = th?.querySelector('button');
      if (!th || !button) throw new Error(`no column ${header}`);
      const start = performance.now();
      button.click();
      const deadline = start + 5000;
      while (th.getAttribute('aria-sort') !== direction) {
        if (performance.now() > deadline) throw new Error(`column ${header} never sorted ${direction}`);
        await new Promise((r) => requestAnimationFrame(r));
      }
      // The frame that paints the sorted rows.
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - start;
    },
    { header, direction },
  );
}

/** Types `text` into a grid's search box at once and answers the ms until the row count shows `expected`. */
export function timeSearch(page: Page, label: string, text: string, expected: RegExp): Promise<number> {
  return page.evaluate(
    async ({ label, text, source }) => {
      const input = document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
      const count = input?.closest('.grid')?.querySelector('.grid-count');
      if (!input || !count) throw new Error(`no search box ${label}`);
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      const start = performance.now();
      setValue?.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      const wanted = new RegExp(source);
      const deadline = start + 5000;
      while (!wanted.test(count.textContent ?? '')) {
        if (performance.now() > deadline) throw new Error(`row count stayed "${count.textContent}"`);
        await new Promise((r) => requestAnimationFrame(r));
      }
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - start;
    },
    { label, text, source: expected.source },
  );
}

/**
 * How the text of each element matching `selector` wraps: its line count and the narrowest of its lines but the
 * last, as a share of the element's cell width (a URL broken every few characters has many narrow lines).
 */
export function wrapping(
  page: Page,
  selector: string,
): Promise<Array<{ text: string; lines: number; narrowest: number }>> {
  return page.evaluate((selector) => {
    return [...document.querySelectorAll<HTMLElement>(selector)].map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const rects = [...range.getClientRects()];
      const tops = new Map<number, number>();
      for (const r of rects) tops.set(Math.round(r.top), (tops.get(Math.round(r.top)) ?? 0) + r.width);
      const widths = [...tops.values()];
      const cell = el.closest('td')?.getBoundingClientRect().width ?? el.getBoundingClientRect().width;
      const inner = widths.slice(0, -1);
      return {
        text: el.textContent ?? '',
        lines: widths.length,
        narrowest: inner.length ? Math.min(...inner) / cell : 1,
      };
    });
  }, selector);
}

/** How many px the page is wider than the window (0 or less: no horizontal scrolling). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
