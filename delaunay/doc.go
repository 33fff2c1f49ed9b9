// Package delaunay computes Euclidean and hyperbolic Delaunay triangulations
// with robust geometric predicates.
package delaunay
