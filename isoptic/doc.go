// Package isoptic builds the isoptic curves of the Klein–Beltrami model
// (the loci that see two points under a fixed angle) and the Fermat-point
// systems made from them.
package isoptic
