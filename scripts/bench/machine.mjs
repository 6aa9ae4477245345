// What kind of machine the figures come from. The web budgets are judged on Chromium's main-thread
// time (Lighthouse multiplies what it observed by 4, the long-task steps slow the CPU 4x), and
// that time depends on more than the CPU's speed: a fresh Chromium faults in its binary and ICU
// data page by page and talks between its processes through system calls. On a virtual machine
// where a system call or a page fault is expensive (seen here: 1.3 µs per read(2), ten times a
// bare Linux), the same build's tasks took three to four times as long as on the machines the
// earlier figures come from, while a pure JS loop ran as fast (decision 49). So every bench
// run starts with these reference figures, none of them ours, to say which kind of machine
// measured it: figures from two runs compare only when these agree.
import { closeSync, openSync, readSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './chromium.mjs';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Microseconds per read(2) of one byte from /dev/zero, median of 3 rounds of 100,000. */
function syscallMicros() {
  const fd = openSync('/dev/zero', 'r');
  const buffer = Buffer.alloc(1);
  try {
    const rounds = [];
    for (let round = 0; round < 3; round++) {
      const began = process.hrtime.bigint();
      for (let i = 0; i < 100_000; i++) readSync(fd, buffer, 0, 1, null);
      rounds.push(Number(process.hrtime.bigint() - began) / 1000 / 100_000);
    }
    return median(rounds);
  } finally {
    closeSync(fd);
  }
}

/** Milliseconds of a fixed arithmetic loop in node: the CPU's own speed, no system in it. */
function jsLoopMs() {
  const rounds = [];
  for (let round = 0; round < 3; round++) {
    const began = performance.now();
    let sum = 0;
    for (let i = 0; i < 100_000_000; i++) sum += i % 7;
    rounds.push(performance.now() - began);
    if (sum < 0) throw new Error('unreachable');
  }
  return median(rounds);
}

/**
 * In three fresh Chromiums: the first Intl call (ICU's start-up, bound by page faults; every page
 * of ours formats a number) and laying out 2,000 new paragraphs (style and layout, as the
 * overview's rows). Medians of the three.
 */
async function chromiumReference() {
  const intl = [];
  const layout = [];
  for (let run = 0; run < 3; run++) {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
    try {
      const page = await browser.newPage();
      await page.setContent('<main></main>');
      const figures = await page.evaluate(() => {
        let began = performance.now();
        new Intl.NumberFormat('de', { maximumFractionDigits: 1 }).format(21.5);
        const intlMs = performance.now() - began;
        began = performance.now();
        const { document } = globalThis;
        const list = document.createElement('div');
        for (let i = 0; i < 2000; i++) {
          const paragraph = document.createElement('p');
          paragraph.textContent = `Raum ${i}: 21,5 °C`;
          list.append(paragraph);
        }
        document.querySelector('main').append(list);
        list.getBoundingClientRect();
        return { intlMs, layoutMs: performance.now() - began };
      });
      intl.push(figures.intlMs);
      layout.push(figures.layoutMs);
    } finally {
      await browser.close();
    }
  }
  return { intlMs: median(intl), layoutMs: median(layout) };
}

/** The reference rows, as [figure, value]; a part that cannot be measured says why instead. */
export async function machineFigures() {
  const figures = [
    ['Machine: one read(2) system call from node', `${syscallMicros().toFixed(2)} µs`],
    ['Machine: a fixed JS loop in node (10^8 steps)', `${jsLoopMs().toFixed(0)} ms`],
  ];
  try {
    const { intlMs, layoutMs } = await chromiumReference();
    figures.push(
      ["Machine: a fresh Chromium's first Intl call (ICU start-up)", `${intlMs.toFixed(1)} ms`],
      ['Machine: Chromium lays out 2,000 new paragraphs', `${layoutMs.toFixed(1)} ms`],
    );
  } catch (error) {
    figures.push(['Machine: Chromium reference', `not measured (${error.message.split('\n')[0]})`]);
  }
  return figures;
}
