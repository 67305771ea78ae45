/** "version 10.0.0.1", "v1.2.3.4", "build 20240314.92": what follows is a version or build number. Tested on lower-cased text. */
export const VERSION_CUE = /(?:\bv|\bver\.?|\bversion|\bbuild|\brelease|\bfirmware|\bvers\.?)\s*$/;
