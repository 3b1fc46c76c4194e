/**
 * Run by memory.test.ts in a process of its own with the bot's V8 options: a picture's
 * pixels (a buffer of their own outside the heap) dropped, then collectYoungGarbage();
 * prints the external memory the buffer held, before and after.
 */
import { collectYoungGarbage } from '../../src/runtime/memory.js';

const external = (): number => process.memoryUsage().external;
collectYoungGarbage();
const before = external();
// A table's pixels as the canvas hands them over: read once, then dead.
(() => Buffer.alloc(2_428_800, 1).at(-1))();
const held = external() - before;
collectYoungGarbage();
console.log(JSON.stringify({ held, left: external() - before }));
