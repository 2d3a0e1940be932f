import { StyleSheet } from '@emotion/sheet';

/**
 * The web tests render without the CSS MUI generates (emotion's rules never reach jsdom's
 * stylesheets). jsdom has no layout, and at every `getComputedStyle` (testing-library's
 * `*ByRole` calls it on each node it names, to leave out hidden ones) it matches every rule of
 * every sheet: with MUI's rules in, that was 40% of a form page's test time. Inline styles and
 * the `hidden` attribute still count; what MUI's classes paint does not.
 */
const insert = StyleSheet.prototype.insert;

export function dropGeneratedStyles() {
  StyleSheet.prototype.insert = function dropped() {};
}

/** For a file that checks what the theme paints (colours): call it at the top, before rendering. */
export function keepGeneratedStyles() {
  StyleSheet.prototype.insert = insert;
}
