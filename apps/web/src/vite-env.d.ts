/** The year of the build, written into the copyright line (same in prerendered HTML and bundle). */
declare const __BUILD_YEAR__: number;
