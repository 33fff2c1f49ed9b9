// Package hierarchy reads hierarchies off trees: distances from a root,
// Neighbor Joining, and the cell-age experiment of the HyperSteiner paper.
package hierarchy
