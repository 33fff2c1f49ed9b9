// Package sll builds heuristic Steiner trees with the Smith–Lee–Liebman
// algorithm in the hyperbolic (Klein) and the Euclidean plane.
package sll
