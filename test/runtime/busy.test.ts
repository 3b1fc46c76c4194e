import { expect, it } from 'vitest';
import { LoadGauge, SPARE_UNTIL } from '../../src/runtime/busy.js';

/** A machine with two cores whose clock and CPU time the test moves. */
function machine(cores = 2) {
  const m = { at: 0, cpu: 0, waiting: 0 };
  const gauge = new LoadGauge({ now: () => m.at, cpuMs: () => m.cpu, waiting: () => m.waiting, cores });
  const run = (ms: number, coresBusy: number) => {
    m.at += ms;
    m.cpu += ms * coresBusy;
  };
  return { gauge, run, m };
}

it('a process keeping most of the machine busy has no time to spare; once it calms down, it has', () => {
  const { gauge, run } = machine();
  expect(gauge.spare()).toBe(true);
  run(1000, 1.8);
  expect(gauge.busy()).toBeCloseTo(0.9);
  expect(gauge.spare()).toBe(false);
  run(1000, 0.4);
  expect(gauge.busy()).toBeCloseTo(0.2);
  expect(gauge.spare()).toBe(true);
});

it('judges by whole windows: a burst shorter than a second does not flip it at once', () => {
  const { gauge, run } = machine();
  run(1000, 0.2);
  expect(gauge.spare()).toBe(true);
  run(300, 2);
  expect(gauge.spare()).toBe(true);
  run(700, 2);
  expect(gauge.busy()).toBeGreaterThan(SPARE_UNTIL);
});

it('judges a shard by its share of the machine: one core kept 60% busy is busy for a process given one', () => {
  const alone = machine(2);
  const shard = machine(1);
  for (const { run } of [alone, shard]) run(1000, 0.6);
  expect(alone.gauge.spare()).toBe(true);
  expect(shard.gauge.spare()).toBe(false);
});

it('has no time to spare while pictures wait for a worker, however calm the last second was', () => {
  const { gauge, run, m } = machine();
  run(1000, 0.3);
  m.waiting = 3;
  expect(gauge.spare()).toBe(false);
  m.waiting = 0;
  expect(gauge.spare()).toBe(true);
});

it('has no time to spare in a calm second amid busy ones, until the calm has lasted', () => {
  const { gauge, run } = machine();
  // Asked every second, as panels open.
  for (let s = 0; s < 30; s++) {
    run(1000, s % 5 === 4 ? 0.5 : 1.2);
    gauge.spare();
  }
  expect(gauge.busy()).toBeLessThan(SPARE_UNTIL);
  expect(gauge.spare()).toBe(false);
  let calm = 0;
  while (!gauge.spare()) {
    run(1000, 0.4);
    calm++;
  }
  expect(calm).toBeGreaterThan(2);
  expect(calm).toBeLessThan(30);
});

it('has time to spare most seconds at a load that comes and goes under the bar', () => {
  const { gauge, run } = machine();
  let spared = 0;
  for (let s = 0; s < 60; s++) {
    run(1000, s % 3 === 2 ? 0.9 : 0.4);
    if (gauge.spare()) spared++;
  }
  expect(spared).toBe(40);
});
