/**
 * The catalogues, one per language, by code. Adding a language: its file
 * `<code>.json` beside this one (every key of en.json), and one line here.
 */
export { default as en } from './en.json' with { type: 'json' };
